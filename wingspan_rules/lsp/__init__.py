"""A language server for card files and positions: ``wingspan-rules lsp`` (the ``[lsp]`` extra:
pygls on lsprotocol's types), spoken over stdin and stdout as editors start one.

``analysis`` works out every answer from a document's text alone and imports no pygls;
``server`` speaks the Language Server Protocol.  docs/editors.md says how to use it from
VS Code, Neovim and Helix.  ``import wingspan_rules`` imports neither.
"""
