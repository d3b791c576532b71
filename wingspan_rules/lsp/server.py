"""The language server: ``analysis`` answers spoken over the Language Server Protocol (pygls).

Started by ``wingspan-rules lsp`` (or ``python -m wingspan_rules.lsp``) over stdin and stdout,
as editors start one (docs/editors.md).  It checks each open card file or position as it is
typed (the problems ``cards lint`` and ``setup`` report, each "did you mean" a quick fix),
completes words, shows a card's facts and a power's English on hover, formats card files and
goes from a card's name to its block.  The ruleset a document is read in is what the document
says, else the client's setting ``wingspanRules.ruleset``, else pocket.  It speaks the language
the client's ``initialize`` request names (``locale``: "es", "es-ES") where the library speaks
it, else English: problems, hovers, quick fixes and completions' details.

No answer may take the server down: each handler turns an error of its own into a message in
the client's log and an empty answer (and a document that could not be checked into one
problem saying so).
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

try:
    from lsprotocol import types
    from pygls.exceptions import JsonRpcInvalidParams
    from pygls.lsp.server import LanguageServer
    from pygls.protocol import LanguageServerProtocol
except ImportError as err:  # pragma: no cover - the extra is missing
    raise ImportError('the language server needs the [lsp] extra: pip install "wingspan_rules[lsp]"') from err

from .. import __version__
from ..dsl.format import FormatError
from ..i18n import LanguageError, _, language, normalize
from ..rulesets import known_rulesets
from . import analysis
from .analysis import Document, Problem, Range

__all__ = ["WingspanLanguageServer", "WingspanProtocol", "main", "server"]

SOURCE = "wingspan-rules"
SECTION = "wingspanRules"  # the client's settings: {"wingspanRules": {"ruleset": "classic"}}

log = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])

_KINDS = {
    "keyword": types.CompletionItemKind.Keyword,
    "field": types.CompletionItemKind.Field,
    "food": types.CompletionItemKind.EnumMember,
    "habitat": types.CompletionItemKind.EnumMember,
    "nest": types.CompletionItemKind.EnumMember,
    "colour": types.CompletionItemKind.EnumMember,
    "word": types.CompletionItemKind.Value,
    "card": types.CompletionItemKind.Class,
    "goal": types.CompletionItemKind.Class,
    "bonus": types.CompletionItemKind.Class,
    "ruleset": types.CompletionItemKind.Module,
    "option": types.CompletionItemKind.Property,
    "section": types.CompletionItemKind.Module,
    "frame": types.CompletionItemKind.Struct,
}


class WingspanProtocol(LanguageServerProtocol):
    """pygls's protocol, except that a request whose params do not read as the protocol's types
    (a diagnostic without its range in a code action's context, say) gets an answer: the error,
    under the request's id.  pygls reports such a message without answering it, and the editor
    would wait for the answer for ever."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams as err:
            asked = data.get("id")
            if isinstance(asked, (int, str)) and not isinstance(asked, bool) and "method" in data and "error" not in data:
                method = str(data["method"])[:80]
                self._send_response(asked, error=types.ResponseError(code=err.code, message=f"invalid params for {method}"))
            raise


class WingspanLanguageServer(LanguageServer):
    """The server, with what it keeps between messages: the ruleset setting, the language it
    speaks (the client's locale, English unless the library speaks it), each open document's
    analysis (worked out once per text) and whether the client asked it to shut down."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset: str | None = None
        self.language = "en"
        self.analyses: dict[str, Document] = {}
        self.shut_down = False

    # -- documents
    def analysis(self, uri: str) -> Document | None:
        """The analysis of an open document at its current text (None: not open)."""
        opened = self.workspace.text_documents.get(uri)
        if opened is None:
            self.analyses.pop(uri, None)
            return None
        text = opened.source
        found = self.analyses.get(uri)
        if found is None or found.text != text or found.language_id != opened.language_id:
            found = self.analyses[uri] = Document(uri, text, opened.language_id, self.ruleset)
        return found

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the client ("utf-16" unless it asked for another)."""
        value = self.workspace.position_encoding
        text = str(getattr(value, "value", value) or "utf-16").lower()
        return text if text in ("utf-8", "utf-16", "utf-32") else "utf-16"

    def to_client(self, document: Document, where: Range) -> types.Range:
        return types.Range(self._position(document.lines, where.line, where.start), self._position(document.lines, where.end_line, where.end))

    def _position(self, lines: list[str], line: int, column: int) -> types.Position:
        text = lines[line] if 0 <= line < len(lines) else ""
        return types.Position(line=line, character=analysis.units(text[:column], self.encoding))

    def from_client(self, document: Document, position: types.Position) -> tuple[int, int]:
        line = position.line
        text = document.lines[line] if 0 <= line < len(document.lines) else ""
        return line, analysis.column_of(text, position.character, self.encoding)

    def diagnostic(self, document: Document, problem: Problem) -> types.Diagnostic:
        return types.Diagnostic(
            range=self.to_client(document, problem.range),
            message=problem.message,
            severity=types.DiagnosticSeverity.Error if problem.severity == analysis.ERROR else types.DiagnosticSeverity.Warning,
            code=problem.code,
            source=SOURCE,
        )

    def speak(self, locale: object) -> None:
        """Speak the language of the client's locale ("es", "es-ES") where the library speaks
        it, else English; the analyses worked out in another language are dropped."""
        try:
            spoken = normalize(locale) if isinstance(locale, str) and locale.strip() else "en"
        except LanguageError:
            spoken = "en"
        if spoken != self.language:
            self.language = spoken
            self.analyses.clear()

    def check(self, uri: str) -> None:
        """Publish the problems of an open document (none: the earlier ones are cleared)."""
        with language(self.language):
            self._check(uri)

    def _check(self, uri: str) -> None:
        opened = self.workspace.text_documents.get(uri)
        document = self.analysis(uri)
        if opened is None or document is None:
            return
        try:
            found = [self.diagnostic(document, p) for p in document.problems()]
        except Exception as err:  # (a fault of the server's own: say so where the problems go)
            self.report(err, "checking a document")
            found = [
                types.Diagnostic(
                    range=types.Range(types.Position(line=0, character=0), types.Position(line=0, character=0)),
                    message=_("the language server could not check this document: {error}").format(error=f"{type(err).__name__}: {str(err)[:300]}"),
                    severity=types.DiagnosticSeverity.Warning,
                    source=SOURCE,
                )
            ]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=opened.version))

    def check_all(self) -> None:
        for uri in list(self.workspace.text_documents):
            self.check(uri)

    # -- settings
    def configure(self, settings: Any) -> bool:
        """Take the ruleset from settings ({"wingspanRules": {"ruleset": ...}}, or the section
        itself); False when they hold no such section."""
        if not isinstance(settings, dict):
            return False
        section = settings.get(SECTION, settings if "ruleset" in settings else None)
        if not isinstance(section, dict):
            return False
        name = section.get("ruleset")
        if name in (None, ""):
            self.ruleset = None
        elif analysis.known_setting(name, analysis.POSITION) is None:
            with language(self.language):
                unknown = _("unknown ruleset '{name}'; known: {known}").format(name=str(name)[:40], known=", ".join(known_rulesets()))
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=f"{SECTION}.ruleset: {unknown}"))
            self.ruleset = None
        else:
            self.ruleset = str(name)
        self.analyses.clear()
        return True

    async def pull_configuration(self) -> None:
        """Ask the client for its settings, where it can answer (workspace/configuration)."""
        capabilities = self.client_capabilities.workspace
        if capabilities is None or not capabilities.configuration:
            return
        try:
            answer = await self.workspace_configuration_async(types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)]))
        except Exception as err:
            self.report(err, "asking the client for its settings")
            return
        if answer and isinstance(answer[0], dict) and self.configure({SECTION: answer[0]}):
            self.check_all()

    # -- faults
    def report(self, err: BaseException, doing: str) -> None:
        """A fault of the server's own, in the client's log (and this process's)."""
        log.error("while %s: %s", doing, "".join(traceback.format_exception(err)))
        try:
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=f"wingspan-rules lsp: error while {doing}: {type(err).__name__}: {err}"))
        except Exception:  # (the client may be gone)
            pass


def guarded(doing: str, default: Any = None) -> Callable[[F], F]:
    """A handler whose faults are reported and answered with ``default``, so no input, however
    hostile, stops the server."""

    def wrap(handler: F) -> F:
        @functools.wraps(handler)
        def run(ls: WingspanLanguageServer, *args: Any) -> Any:
            try:
                with language(ls.language):
                    return handler(ls, *args)
            except Exception as err:
                ls.report(err, doing)
                return default

        return run  # type: ignore[return-value]

    return wrap


server = WingspanLanguageServer("wingspan-rules", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full, protocol_cls=WingspanProtocol)


@server.feature(types.INITIALIZE)
@guarded("reading the client's initialization options")
def initialize(ls: WingspanLanguageServer, params: types.InitializeParams) -> None:
    ls.speak(params.locale)
    with language(ls.language):
        ls.configure(params.initialization_options)


@server.feature(types.INITIALIZED)
async def initialized(ls: WingspanLanguageServer, params: types.InitializedParams) -> None:
    await ls.pull_configuration()


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def did_change_configuration(ls: WingspanLanguageServer, params: types.DidChangeConfigurationParams) -> None:
    try:
        pushed = ls.configure(params.settings)
    except Exception as err:
        ls.report(err, "reading the client's settings")
        return
    if pushed:
        ls.check_all()
    else:
        await ls.pull_configuration()


@server.feature(types.SHUTDOWN)
def shutdown(ls: WingspanLanguageServer, *args: Any) -> None:
    ls.shut_down = True


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@guarded("checking an opened document")
def did_open(ls: WingspanLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@guarded("checking a changed document")
def did_change(ls: WingspanLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
@guarded("checking a saved document")
def did_save(ls: WingspanLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
@guarded("closing a document")
def did_close(ls: WingspanLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=['"', "[", ":"]))
@guarded("completing", None)
def completion(ls: WingspanLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
    document = ls.analysis(params.text_document.uri)
    if document is None:
        return None
    line, column = ls.from_client(document, params.position)
    items = []
    for c in document.complete(line, column):
        item = types.CompletionItem(label=c.label, kind=_KINDS.get(c.kind, types.CompletionItemKind.Text), detail=c.detail or None)
        if c.edit is not None:
            item.text_edit = types.TextEdit(range=ls.to_client(document, c.edit), new_text=c.insert or c.label)
            item.filter_text = c.label
        elif c.insert is not None:
            item.insert_text = c.insert
        items.append(item)
    return types.CompletionList(is_incomplete=False, items=items)


def _markup(ls: WingspanLanguageServer) -> types.MarkupKind:
    """Markdown, unless the client says it shows plain text only."""
    documents = ls.client_capabilities.text_document
    hover = documents.hover if documents is not None else None
    formats = hover.content_format if hover is not None else None
    if formats and types.MarkupKind.Markdown not in formats:
        return types.MarkupKind.PlainText
    return types.MarkupKind.Markdown


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded("answering a hover", None)
def hover(ls: WingspanLanguageServer, params: types.HoverParams) -> types.Hover | None:
    document = ls.analysis(params.text_document.uri)
    if document is None:
        return None
    found = document.hover(*ls.from_client(document, params.position))
    if found is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=_markup(ls), value=found.markdown), range=ls.to_client(document, found.range))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded("finding a definition", None)
def definition(ls: WingspanLanguageServer, params: types.DefinitionParams) -> list[types.Location] | None:
    document = ls.analysis(params.text_document.uri)
    if document is None:
        return None
    found = document.definition(*ls.from_client(document, params.position))
    out = []
    for place in found:
        if place.uri == document.uri:
            where = ls.to_client(document, place.range)
        else:  # a block of a shipped card file: from its header's first column to its closing brace's
            where = types.Range(types.Position(line=place.range.line, character=0), types.Position(line=place.range.end_line, character=place.range.end))
        out.append(types.Location(uri=place.uri, range=where))
    return out or None


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
@guarded("offering quick fixes", None)
def code_action(ls: WingspanLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    document = ls.analysis(params.text_document.uri)
    if document is None:
        return None
    start = ls.from_client(document, params.range.start)
    end = ls.from_client(document, params.range.end)
    actions = []
    for problem, fix in document.fixes(Range(start[0], start[1], end[0], end[1])):
        edit = types.TextEdit(range=ls.to_client(document, fix.range), new_text=fix.instead)
        actions.append(
            types.CodeAction(
                title=fix.title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[ls.diagnostic(document, problem)],
                edit=types.WorkspaceEdit(changes={document.uri: [edit]}),
                is_preferred=True,
            )
        )
    return actions or None


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
@guarded("formatting", None)
def formatting(ls: WingspanLanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    document = ls.analysis(params.text_document.uri)
    if document is None:
        return None
    try:
        text = document.formatted()
    except FormatError as err:  # (the formatter keeps the text as it is: say why)
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=_("wingspan-rules: not formatted: {error}").format(error=err)))
        return []
    if text is None:
        return []
    last = len(document.lines) - 1
    whole = Range(0, 0, last, len(document.lines[last]))
    return [types.TextEdit(range=ls.to_client(document, whole), new_text=text)]


def main() -> int:
    """Serve over stdin and stdout until the client says exit: 0 after a shutdown request
    (as the protocol asks), 1 when the client left without one."""
    server.start_io()
    return 0 if server.shut_down else 1
