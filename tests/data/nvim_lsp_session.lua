-- An author's session in Neovim against `wingspan-rules lsp`, run by tests/test_lsp_neovim.py:
--   nvim --headless --clean -u INIT.lua -c "luafile nvim_lsp_session.lua" NEW_BIRD.wsp
-- INIT.lua is the snippet docs/editors.md gives for this Neovim (it starts the server for the
-- buffers of the card and position file types).  This script does what an author does, with
-- the editor's own commands and keys: waits for the problems of the new bird, takes the quick
-- fix (vim.lsp.buf.code_action, picking the first offer as a person would), waits for the
-- problems to clear, asks for completion where a food goes, presses K on the power, formats
-- and saves the file, opens a goal file that does not say its ruleset (read in the snippet's
-- setting), then opens a position and goes from a card's name to its block (CTRL-] where
-- Neovim sets 'tagfunc', else the snippet's `gd`).  Each request is also sent once as it is
-- (vim.lsp.buf_request_sync), so that the test sees the server's answer as well as what the
-- editor made of it.  Everything is written as JSON to $WSP_SESSION_OUT, then Neovim quits,
-- which stops the server.
--
-- Runs on Neovim 0.7 and later: vim.lsp.get_clients where there is one (0.10), else
-- vim.lsp.buf_get_clients; vim.lsp.buf.format (0.8) else vim.lsp.buf.formatting_sync.

local WAIT = 60000 -- ms any one answer may take (the first one loads the decks)
local out = { steps = {}, published = {} }
local out_path = assert(os.getenv("WSP_SESSION_OUT"), "WSP_SESSION_OUT is not set")
local position_path = assert(os.getenv("WSP_SESSION_POSITION"), "WSP_SESSION_POSITION is not set")
local goals_path = assert(os.getenv("WSP_SESSION_GOALS"), "WSP_SESSION_GOALS is not set")

-- every diagnostics notice the server sends, in order, before Neovim shows it
local show = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  table.insert(out.published, { uri = result.uri, version = result.version or vim.NIL, count = #result.diagnostics })
  return show(err, result, ctx, config)
end

local function step(name)
  table.insert(out.steps, name)
end

local function clients(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.lsp.buf_get_clients(bufnr)
end

local function first_client(bufnr)
  for _, client in pairs(clients(bufnr)) do
    if client.initialized ~= false then
      return client
    end
  end
  return nil
end

local function text_of(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
end

local function wait_for(what, test)
  if not vim.wait(WAIT, test, 20) then
    error("timed out waiting for " .. what)
  end
end

-- the server's answer to a request, as buf_request_sync gives it
local function ask(bufnr, method, params)
  local answers, err = vim.lsp.buf_request_sync(bufnr, method, params, WAIT)
  if answers == nil then
    error(method .. ": " .. tostring(err))
  end
  for _, answer in pairs(answers) do
    if answer.err or answer.error then
      error(method .. ": " .. vim.inspect(answer.err or answer.error))
    end
    return answer.result
  end
  return nil
end

local function diagnostics(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(found, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      message = d.message, severity = d.severity, source = d.source,
    })
  end
  return found
end

-- the problems on a line as the protocol has them (a code action request's context): kept
-- whole in user_data.lsp from 0.10, rebuilt by vim.lsp.diagnostic.get_line_diagnostics before
local function lsp_diagnostics(bufnr, lnum)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = lnum })) do
    local lsp = d.user_data and d.user_data.lsp
    if not (lsp and lsp.range) then
      return vim.lsp.diagnostic.get_line_diagnostics(bufnr, lnum)
    end
    table.insert(found, lsp)
  end
  return found
end

local function floats()
  local found = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      table.insert(found, win)
    end
  end
  return found
end

local function published_to(uri)
  for _, notice in ipairs(out.published) do
    if notice.uri == uri then
      return notice
    end
  end
  return nil
end

local function press(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "mx", false)
end

-- what the editor offers in a buffer: the keys and options docs/editors.md speaks of
local function offers(bufnr)
  return {
    omnifunc = vim.bo[bufnr].omnifunc,
    tagfunc = vim.bo[bufnr].tagfunc,
    K = vim.fn.maparg("K", "n") ~= "",
    gd = vim.fn.maparg("gd", "n") ~= "",
  }
end

local function session()
  local bird = vim.api.nvim_get_current_buf()
  local v = vim.version()
  out.nvim = { major = v.major, minor = v.minor, patch = v.patch }
  out.filetype = vim.bo[bird].filetype
  step("attach")
  wait_for("the server to attach to the bird's buffer", function() return first_client(bird) ~= nil end)
  local client = first_client(bird)
  local encoding = client.offset_encoding
  out.client = { name = client.name, offset_encoding = encoding }

  -- 1. the new bird's problems, as published
  step("diagnostics")
  wait_for("the bird's problems", function() return #vim.diagnostic.get(bird) > 0 end)
  out.diagnostics = diagnostics(bird)
  out.offers = offers(bird)
  local typo = vim.diagnostic.get(bird)[1]

  -- 2. the quick fix on the typo: what the server offers, then the editor's code action
  -- command, the author picking the first offer
  step("code action")
  vim.api.nvim_win_set_cursor(0, { typo.lnum + 1, typo.col + 1 })
  local params = vim.lsp.util.make_range_params(0, encoding)
  params.context = { diagnostics = lsp_diagnostics(bird, typo.lnum) }
  out.code_actions = ask(bird, "textDocument/codeAction", params) or vim.NIL
  local offered = nil
  local before = text_of(bird)
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    for _, item in ipairs(items) do
      table.insert(offered, opts.format_item and opts.format_item(item) or tostring(item))
    end
    on_choice(items[1], 1)
  end
  vim.lsp.buf.code_action()
  wait_for("the quick fix to change the buffer", function() return text_of(bird) ~= before end)
  out.offered = offered or vim.NIL
  out.fixed_text = text_of(bird)

  -- 3. the fixed text goes back to the server: the problems clear
  step("cleared")
  wait_for("the problems to clear", function() return #vim.diagnostic.get(bird) == 0 end)
  out.diagnostics_after_fix = diagnostics(bird)

  -- 4. completion where a food goes: after "cost: " on the line that had the typo
  step("completion")
  local cost_line = vim.api.nvim_buf_get_lines(bird, typo.lnum, typo.lnum + 1, false)[1]
  out.completion_at = { line = typo.lnum, col = #cost_line:match("^(%s*%a+:%s*)") }
  vim.api.nvim_win_set_cursor(0, { typo.lnum + 1, out.completion_at.col })
  local completion = ask(bird, "textDocument/completion", vim.lsp.util.make_position_params(0, encoding))
  out.completion = {}
  for _, item in ipairs((completion or {}).items or completion or {}) do
    table.insert(out.completion, { label = item.label, kind = item.kind or vim.NIL })
  end

  -- 5. hover on the power line: the answer, and the window K opens
  step("hover")
  local power_row = vim.fn.search("^\\s*power", "nw")
  out.hover_at = { line = power_row - 1, col = 4 }
  vim.api.nvim_win_set_cursor(0, { power_row, 4 })
  local hover = ask(bird, "textDocument/hover", vim.lsp.util.make_position_params(0, encoding))
  out.hover = hover and hover.contents or vim.NIL
  press("K")
  wait_for("the hover window", function() return #floats() > 0 end)
  out.hover_window = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(floats()[1]), 0, -1, false)
  for _, win in ipairs(floats()) do
    vim.api.nvim_win_close(win, true)
  end

  -- 6. formatting: the edits asked for, then the editor's own format command, and the save
  step("formatting")
  local formatting = vim.lsp.util.make_formatting_params({ tabSize = 2, insertSpaces = true })
  out.format_edits = ask(bird, "textDocument/formatting", formatting) or vim.NIL
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ async = false, timeout_ms = WAIT })
  else
    vim.lsp.buf.formatting_sync({ tabSize = 2, insertSpaces = true }, WAIT)
  end
  out.formatted_text = text_of(bird)
  vim.cmd("write")
  out.bird_path = vim.api.nvim_buf_get_name(bird)

  -- 7. a goal file that does not say its ruleset: read in the snippet's setting
  step("goals")
  vim.cmd("edit " .. vim.fn.fnameescape(goals_path))
  local goals = vim.api.nvim_get_current_buf()
  local goals_uri = vim.uri_from_bufnr(goals)
  wait_for("the goal file's problems", function() return published_to(goals_uri) ~= nil end)
  out.goals_published = published_to(goals_uri)
  out.goals_diagnostics = diagnostics(goals)

  -- 8. a position: its problems (none), then from a card's name to its block
  step("position")
  vim.cmd("edit " .. vim.fn.fnameescape(position_path))
  local position = vim.api.nvim_get_current_buf()
  local position_uri = vim.uri_from_bufnr(position)
  out.position_filetype = vim.bo[position].filetype
  wait_for("the server to attach to the position's buffer", function() return first_client(position) ~= nil end)
  out.position_client_is_the_bird_s = first_client(position).id == client.id
  wait_for("the position's problems", function() return published_to(position_uri) ~= nil end)
  out.position_diagnostics = diagnostics(position)
  out.position_offers = offers(position)
  local name_row = vim.fn.search('"American Robin"', "nw")
  local name_col = vim.api.nvim_buf_get_lines(position, name_row - 1, name_row, false)[1]:find('"American Robin"', 1, true)
  vim.api.nvim_win_set_cursor(0, { name_row, name_col + 3 }) -- inside the name
  out.definition_from = { line = name_row - 1, col = name_col + 3 }
  step("definition")
  out.definition = ask(position, "textDocument/definition", vim.lsp.util.make_position_params(0, encoding)) or vim.NIL
  out.definition_key = vim.bo[position].tagfunc ~= "" and "<C-]>" or "gd"
  press(out.definition_key)
  wait_for("the jump to the card's block", function() return vim.api.nvim_get_current_buf() ~= position end)
  local row = vim.api.nvim_win_get_cursor(0)[1]
  out.jumped = {
    file = vim.api.nvim_buf_get_name(0),
    line = row - 1,
    text = vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1],
  }

  -- the processes this Neovim runs: the server (the test checks it ends once Neovim quits)
  out.children = {}
  for _, pid in ipairs(vim.api.nvim_get_proc_children(vim.fn.getpid())) do
    local cmdline = io.open("/proc/" .. pid .. "/cmdline", "rb")
    local command = cmdline and cmdline:read("*a"):gsub("%z", " ") or ""
    if cmdline then
      cmdline:close()
    end
    table.insert(out.children, { pid = pid, command = command })
  end
  step("done")
end

local ok, err = xpcall(session, debug.traceback)
out.ok = ok
if not ok then
  out.error = tostring(err)
end
local file = assert(io.open(out_path, "w"))
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd("qa!")
