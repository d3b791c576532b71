"""The card language: every construct parses to the expected tree, and every kind of
mistake is reported at file:line:col with a caret, plain words and a suggestion."""

from __future__ import annotations

import re

import pytest

from wingspan_rules import DslError, compile_cards
from wingspan_rules.cards import VOCABULARIES, compile_sources, ruleset_text
from wingspan_rules.dsl import ast
from wingspan_rules.dsl.checker import check
from wingspan_rules.dsl.diagnostics import Collector, Diagnostic
from wingspan_rules.dsl.parser import parse

BODY = ["food: seed", "cost: seed", "points: 1", "egg_limit: 2", "wingspan: 30"]


def card_text(name: str = "Test Bird", power: str | None = None, **fields: str) -> str:
    """A card block with sensible fields; keyword arguments replace (or, with None, drop) fields."""
    lines = []
    for line in BODY:
        key = line.split(":")[0]
        value = fields.pop(key, line.split(": ", 1)[1])
        if value is not None:
            lines.append(f"{key}: {value}")
    lines += [f"{key}: {value}" for key, value in fields.items()]
    if power is not None:
        lines.append(f"power {power}")
    return f'card "{name}" {{\n' + "".join(f"  {line}\n" for line in lines) + "}\n"


def power_of(power: str) -> ast.Power:
    doc = parse(card_text(power=power))
    out = Collector("", "<t>")
    check(doc, out)
    assert out.items == [], [d.message for d in out.items]
    result = doc.cards[0].bird.power
    assert result is not None
    return result


def errors(text: str, file: str = "cards.wsp") -> tuple[Diagnostic, ...]:
    with pytest.raises(DslError) as info:
        compile_cards(text, file)
    return info.value.diagnostics


def only_error(text: str) -> Diagnostic:
    found = errors(text)
    assert len(found) == 1, [str(d) for d in found]
    return found[0]


# ---- parsing every construct -----------------------------------------------------------------


def test_a_plain_card_parses_every_field() -> None:
    doc = parse(
        'card "Wood Duck" {\n  food: seed/fruit\n  cost: 2 seed fish any 2 egg\n  points: 4\n'
        "  egg_limit: 3\n  wingspan: 76\n}\n"
    )
    (duck,) = doc.cards
    assert duck.name == "Wood Duck"
    assert duck.foods == ("seed", "fruit")
    assert duck.bird == ast.BirdDef(ast.CostDef(("seed", "seed", "fish"), 1, 2), 4, 3, 76, None, None)
    assert doc.goals == ()


def test_fields_may_come_in_any_order_and_costs_are_put_in_food_order() -> None:
    doc = parse('card "B" {\n  wingspan: 20\n  cost: rodent invertebrate seed\n  egg_limit: 0\n  points: 0\n  food: fish\n}\n')
    assert doc.cards[0].bird.cost.foods == ("invertebrate", "seed", "rodent")
    assert doc.cards[0].bird.wingspan == 20


def test_comments_blank_lines_tabs_and_windows_line_ends_are_allowed() -> None:
    text = (
        "# a deck\r\n\r\n"
        'card "A" {   # trailing comment\r\n'
        "\tfood: seed\r\n"
        "  # a comment line inside the block\r\n"
        "  cost:\tseed\r\n  points: 1\r\n  egg_limit: 2\r\n  wingspan: 30\r\n"
        "  power brown: all   players  from \t one  deck: draw food\r\n"
        "}\r\n\r\n# the end\r\n"
    )
    (card,) = parse(text).cards
    assert card.bird.power == ast.AllPlayers(ast.Draw(ast.CardFilter("food")), True)


def test_an_empty_file_and_a_comment_only_file_are_empty_decks() -> None:
    assert parse("") == ast.Document()
    assert parse("# nothing yet\n\n   \n") == ast.Document()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw card", ast.Draw(ast.CardFilter("card"))),
        ("draw bird", ast.Draw(ast.CardFilter("bird"))),
        ("draw food", ast.Draw(ast.CardFilter("food"))),
        ("draw food fish", ast.Draw(ast.CardFilter("food", "fish"))),
        ("draw bird costing rodent", ast.Draw(ast.CardFilter("bird", None, (ast.Costing("rodent"),)))),
        ("draw bird with brown power", ast.Draw(ast.CardFilter("bird", None, (ast.HasColour("brown"),)))),
        ("draw bird with green power", ast.Draw(ast.CardFilter("bird", None, (ast.HasColour("green"),)))),
        ("draw bird without power", ast.Draw(ast.CardFilter("bird", None, (ast.HasColour(None),)))),
        ("tuck card", ast.Tuck(ast.CardFilter("card"))),
        ("tuck bird where points >= 2", ast.Tuck(ast.CardFilter("bird", None, (ast.Compare("points", ">=", 2),)))),
        ("tuck food", ast.Tuck(ast.CardFilter("food"))),
        ("tuck food seed", ast.Tuck(ast.CardFilter("food", "seed"))),
        ("hunt wingspan < 75", ast.Hunt(75)),
        ("lay egg", ast.LayEgg()),
        ("discard egg", ast.DiscardEgg()),
        ("discard card", ast.DiscardCard(ast.CardFilter("card"))),
        ("discard bird", ast.DiscardCard(ast.CardFilter("bird"))),
        ("discard food invertebrate", ast.DiscardCard(ast.CardFilter("food", "invertebrate"))),
        ("copy brown", ast.Copy("brown")),
    ],
)
def test_each_brown_phrase_parses(text: str, expected: ast.Power) -> None:
    assert power_of(f"brown: {text}") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ignore fruit in costs", ast.IgnoreCost("fruit")),
        ("spend fish as any", ast.SpendAsAny("fish")),
        ("treat rodent as any in powers", ast.AnyInPowers("rodent")),
        ("copy green", ast.Copy("green")),
    ],
)
def test_each_green_phrase_parses(text: str, expected: ast.Power) -> None:
    assert power_of(f"green: {text}") == expected


@pytest.mark.parametrize("op", ["<", "<=", ">", ">=", "="])
@pytest.mark.parametrize("attribute", ["wingspan", "points", "egg_limit", "food_cost"])
def test_every_comparison_of_every_printed_number(attribute: str, op: str) -> None:
    value = {"wingspan": 60, "points": 3, "egg_limit": 2, "food_cost": 2}[attribute]
    power = power_of(f"brown: draw bird where {attribute} {op} {value}")
    assert power == ast.Draw(ast.CardFilter("bird", None, (ast.Compare(attribute, op, value),)))


def test_several_bird_conditions_keep_their_order() -> None:
    power = power_of("brown: draw bird costing rodent where points >= 3 with brown power where wingspan < 200")
    assert power == ast.Draw(
        ast.CardFilter(
            "bird",
            None,
            (
                ast.Costing("rodent"),
                ast.Compare("points", ">=", 3),
                ast.HasColour("brown"),
                ast.Compare("wingspan", "<", 200),
            ),
        )
    )


def test_plus_arrow_parentheses_and_all_players_combine() -> None:
    lay, food = ast.LayEgg(), ast.Draw(ast.CardFilter("food"))
    assert power_of("brown: lay egg + draw food") == ast.Either((lay, food))
    assert power_of("brown: lay egg + draw food + draw card") == ast.Either((lay, food, ast.Draw(ast.CardFilter("card"))))
    assert power_of("brown: discard egg -> draw food") == ast.Then(ast.DiscardEgg(), food)
    assert power_of("brown: discard egg -> (draw food + lay egg)") == ast.Then(ast.DiscardEgg(), ast.Either((food, lay)))
    assert power_of("brown: (discard egg -> draw food) + lay egg") == ast.Either((ast.Then(ast.DiscardEgg(), food), lay))
    assert power_of("brown: tuck card -> (discard egg -> lay egg)") == ast.Then(
        ast.Tuck(ast.CardFilter("card")), ast.Then(ast.DiscardEgg(), lay)
    )
    assert power_of("brown: (lay egg + draw food) + lay egg") == ast.Either((ast.Either((lay, food)), lay))
    assert power_of("brown: ((lay egg))") == lay
    assert power_of("brown: all players: lay egg") == ast.AllPlayers(lay)
    assert power_of("brown: all players: draw food seed") == ast.AllPlayers(ast.Draw(ast.CardFilter("food", "seed")))
    assert power_of("brown: all players from one deck: draw food fish") == ast.AllPlayers(
        ast.Draw(ast.CardFilter("food", "fish")), True
    )
    # 'all players' shares one phrase: a '+' after it starts another part
    assert power_of("brown: all players: lay egg + draw food") == ast.Either((ast.AllPlayers(lay), food))
    assert power_of("brown: discard egg -> all players: lay egg") == ast.Then(ast.DiscardEgg(), ast.AllPlayers(lay))


def test_goals_parse_with_and_without_conditions() -> None:
    doc = parse(
        'goal "Mixed" {\n  side "All": eggs on birds\n'
        '  side "Picky": eggs on birds costing fish where wingspan >= 30 without power\n}\n'
    )
    (goal,) = doc.goals
    assert goal.name == "Mixed"
    assert [s.name for s in goal.sides] == ["All", "Picky"]
    assert goal.sides[0].birds == ast.CardFilter("bird")
    assert goal.sides[1].birds == ast.CardFilter(
        "bird", None, (ast.Costing("fish"), ast.Compare("wingspan", ">=", 30), ast.HasColour(None))
    )


def test_cards_and_goals_may_be_mixed_in_one_file() -> None:
    text = card_text("One") + 'goal "G" {\n  side "a": eggs on birds\n  side "b": eggs on birds\n}\n' + card_text("Two")
    doc = parse(text)
    assert [c.name for c in doc.cards] == ["One", "Two"]
    assert [g.name for g in doc.goals] == ["G"]
    deck = compile_cards(text)
    assert [c.id for c in deck.cards] == [0, 1] and deck.goals[0].id == 0


def test_nodes_carry_source_spans() -> None:
    doc = parse(card_text(power="brown: discard egg -> draw bird costing fish"))
    card = doc.cards[0]
    assert (card.span.line, card.span.column) == (1, 1)
    power = card.bird.power
    assert isinstance(power, ast.Then)
    assert (power.span.line, power.span.column) == (7, 16)
    assert (power.benefit.span.line, power.benefit.span.column) == (7, 31)
    assert str(power.span) == "7:16"


def test_compiled_cards_expose_their_numbers_and_power() -> None:
    deck = compile_cards(card_text("Heron", "brown: hunt wingspan < 50", food="fish/rodent", cost="fish 2 any egg"))
    heron = deck.card("Heron")
    assert heron.food_kind == "fish/rodent"
    assert heron.cost == (0, 0, 1, 0, 0)  # invertebrate, seed, fish, fruit, rodent
    assert (heron.any_food, heron.egg_cost, heron.colour) == (2, 1, "brown")
    assert heron.dsl.splitlines()[-2] == "  power brown: hunt wingspan < 50"
    assert "wingspan under 50 cm" in heron.english
    with pytest.raises(KeyError, match="did you mean 'Heron'"):
        deck.card("Heorn")


# ---- syntax errors ---------------------------------------------------------------------------


def test_a_diagnostic_names_file_line_and_column_and_draws_a_caret() -> None:
    d = only_error(card_text(power="brown: drow card"))
    assert (d.file, d.line, d.column) == ("cards.wsp", 7, 16)
    lines = str(d).splitlines()
    assert lines[0] == "cards.wsp:7:16: error: unknown verb 'drow'"
    assert lines[1] == "      power brown: drow card"
    assert lines[2] == "    " + " " * 15 + "^"
    assert lines[2].index("^") == lines[1].index("drow")
    assert lines[3] == "    did you mean 'draw'?"


def test_the_caret_lines_up_under_tabs() -> None:
    d = only_error('card "A" {\n\tfood:\tsed\n\tcost: seed\n\tpoints: 1\n\tegg_limit: 1\n\twingspan: 9\n}\n')
    source, caret = str(d).splitlines()[1:3]
    assert caret.index("^") == source.index("sed")
    assert caret.startswith("    \t")


def test_the_error_message_counts_the_errors() -> None:
    with pytest.raises(DslError) as info:
        compile_cards(card_text(power="brown: drow card"), "x.wsp")
    assert str(info.value).startswith("1 error in card text\nx.wsp:7:16: error:")
    assert isinstance(info.value, ValueError)


LARK_NAME = re.compile(r"\b(NAME|INT|STRING|OP|NUMBER_KEY|FROM_ONE_DECK|[A-Z]+_[A-Z_]*|__\w+|\$END)\b")


@pytest.mark.parametrize(
    ("text", "where", "expected_words"),
    [
        ('card "A" {\n  food seed\n}\n', (2, 8), ["unexpected 'seed'", "expected ':'"]),
        ('card A {\n}\n', (1, 6), ["unexpected character 'A'", 'a quoted name like "Blue Jay"']),
        ('card "A" { food: seed }\n', (1, 12), ["unexpected 'food'", "expected the end of the line"]),
        (
            card_text(power="brown: draw card +"),
            (7, 27),
            ["unexpected end of the line", "expected '(', 'all', 'when' or a verb"],
        ),
        (
            card_text(power="brown: (draw card + lay egg"),
            (7, 36),
            ["unexpected end of the line", "expected ')'"],
        ),
        (
            card_text(power="brown: discard egg -> lay egg -> lay egg"),
            (7, 39),
            ["unexpected '->'", "')', '+' or the end of the line"],
        ),
        (
            card_text(power="brown: all players lay egg"),
            (7, 28),
            ["unexpected 'lay'", "expected ':', 'from', 'starting' or 'with'"],
        ),
        (
            'card "A" {\n  food: seed\n  points: 1\n',
            (3, 12),
            ["unexpected end of the file", "'cost', 'egg_limit', 'food', 'points', 'power', 'wingspan' or '}'"],
        ),
        ('card "A" {\n  food: seed\n  cost: seed\r  points: 1\n}\n', (3, 13), ["unexpected carriage return"]),
        ('card "A" {\n  food: seed @\n}\n', (2, 14), ["unexpected character '@'", "expected '/' or the end of the line"]),
        ('card "A" {\n  food: seed\x00\n}\n', (2, 13), ["unexpected invisible character U+0000"]),
    ],
)
def test_syntax_errors_say_what_was_found_and_expected_in_words(
    text: str, where: tuple[int, int], expected_words: list[str]
) -> None:
    d = only_error(text)
    assert (d.line, d.column) == where, str(d)
    for words in expected_words:
        assert words in d.message, d.message
    assert not LARK_NAME.search(d.message.replace('"Blue Jay"', "")), d.message


def test_an_unclosed_block_is_reported_where_the_next_block_starts() -> None:
    text = 'card "A" {\n  food: seed\n  cost: seed\n\n' + card_text("B")
    d = only_error(text)
    assert (d.line, d.column) == (5, 1)
    assert d.message.startswith("unexpected 'card' before the block above it is closed; expected")
    assert d.source_line == 'card "B" {'


def test_an_unclosed_block_at_the_end_points_after_the_last_written_character() -> None:
    text = 'card "A" {\n  food: seed\n  cost: seed   # no brace follows\n\n\n'
    d = only_error(text)
    assert (d.line, d.column) == (3, 13)
    assert d.message.startswith("unexpected end of the file")


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        (card_text(power="brown: drow card"), "unknown verb 'drow'", "did you mean 'draw'?"),
        (card_text(power="brown: lay egs"), "unexpected 'egs'; expected 'egg' or a whole number", "did you mean 'egg'?"),
        (card_text(food="sed"), "unknown food 'sed'", "did you mean 'seed'?"),
        (card_text(cost="2 fsh"), "unknown food 'fsh'", "did you mean 'fish'?"),
        (card_text(power="brown: draw food rodnet"), "unknown food 'rodnet'", "did you mean 'rodent'?"),
        (card_text(power="brown: draw fod"), "unknown kind of card 'fod'", "did you mean 'food'?"),
        (card_text(power="brown: draw bird costing frut"), "unknown food 'frut'", "did you mean 'fruit'?"),
        (card_text(power="browm: draw card"), "unknown power colour 'browm'", "did you mean 'brown'?"),
        (card_text(power="brown: draw bird with gren power"), "unknown power colour 'gren'", "did you mean 'green'?"),
        (card_text(power="brown: copy grene"), "unknown power colour 'grene'", "did you mean 'green'?"),
        (card_text(power="green: spend fihs as any"), "unknown food 'fihs'", "did you mean 'fish'?"),
        (card_text(power="brown: draw bird wher points > 2"), "unknown bird condition 'wher'", "did you mean 'where'?"),
        (card_text(power="brown: draw bird where wingspam < 9"), "unknown bird number 'wingspam'", "did you mean 'wingspan'?"),
        (card_text(pionts="2", points=None), "unexpected 'pionts'", "did you mean 'points'?"),
        (card_text(egg_limt="2", egg_limit=None), "unexpected 'egg_limt'", "did you mean 'egg_limit'?"),
        ('crad "A" {\n}\n', "unexpected 'crad'", "did you mean 'card'?"),
        ('goal "G" {\n  sid "a": eggs on birds\n}\n', "unexpected 'sid'", "did you mean 'side'?"),
    ],
)
def test_misspellings_get_a_did_you_mean(text: str, message: str, hint: str) -> None:
    found = errors(text)
    matching = [d for d in found if message in d.message]
    assert matching, [str(d) for d in found]
    assert matching[0].hint == hint
    assert str(matching[0]).endswith("\n    " + hint)


def test_a_word_far_from_any_known_word_gets_no_suggestion() -> None:
    d = only_error(card_text(power="brown: xyzzy card"))
    assert d.message == "unknown verb 'xyzzy'"
    assert d.hint is None
    assert "did you mean" not in str(d)


def test_every_error_in_a_file_is_reported_at_once() -> None:
    text = (
        card_text("A", "brown: drow card + lay eg", food="sed")
        + 'card "B" {\n  food: seed\n  cost seed\n}\n'  # syntax error in its own block
        + card_text("C", "green: draw card")  # checker error
        + 'goal "G" {\n  side "a": eggs on bird\n  side "b": eggs on birds costing fsh\n}\n'
        + card_text("D", points="-3", egg_limit="12")
    )
    found = errors(text)
    messages = [d.message for d in found]
    assert "unknown food 'sed'" in messages
    assert "unknown verb 'drow'" in messages
    assert "unexpected 'eg'; expected 'egg' or a whole number" in messages
    assert any(m.startswith("unexpected 'seed'; expected ':'") for m in messages)
    assert any("'draw' belongs in a brown power, not a green one" == m for m in messages)
    assert "unexpected 'bird'; expected 'birds'" in messages
    assert "unknown food 'fsh'" in messages
    assert "'D': points -3 is out of range (0 to 15)" in messages
    assert "'D': egg_limit 12 is out of range (0 to 9)" in messages
    assert len(found) == 9
    assert [(d.line, d.column) for d in found] == sorted((d.line, d.column) for d in found)


def test_a_field_given_twice_and_missing_fields_are_reported() -> None:
    twice = card_text(power="brown: lay egg").replace("}\n", "  power brown: lay egg\n}\n")
    d = only_error(twice)
    assert (d.line, d.column, d.message) == (8, 3, "'power' is given twice in card 'Test Bird'")
    d = only_error('card "A" {\n  food: seed\n  points: 2\n}\n')
    assert (d.line, d.column) == (1, 6)
    assert d.message == "card 'A' has no 'cost', 'egg_limit' or 'wingspan' field"


@pytest.mark.parametrize(
    ("food", "message"),
    [("seed/seed", "a food side names the same food twice"), ("seed/fish/fruit", "a food side shows one or two foods")],
)
def test_a_food_side_shows_one_or_two_different_foods(food: str, message: str) -> None:
    d = only_error(card_text(food=food))
    assert (d.line, d.column, d.message) == (2, 9, message)


def test_absurdly_long_numbers_are_errors_not_crashes() -> None:
    d = only_error(card_text(points="9" * 5000))
    assert d.message.startswith("the number 999999999999... is far too large")
    assert (d.line, d.column) == (4, 11)
    d = only_error(card_text(power="brown: hunt wingspan < " + "1" * 40))
    assert "far too large" in d.message


# ---- checker rejections ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points": "-1"}, "'Test Bird': points -1 is out of range (0 to 15)"),
        ({"points": "16"}, "'Test Bird': points 16 is out of range (0 to 15)"),
        ({"egg_limit": "-2"}, "'Test Bird': egg_limit -2 is out of range (0 to 9)"),
        ({"egg_limit": "10"}, "'Test Bird': egg_limit 10 is out of range (0 to 9)"),
        ({"wingspan": "0"}, "'Test Bird': wingspan 0 is out of range (5 to 400)"),
        ({"wingspan": "1000"}, "'Test Bird': wingspan 1000 is out of range (5 to 400)"),
        ({"cost": "4 seed 3 any"}, "'Test Bird': number of food icons 7 is out of range (0 to 6)"),
        ({"cost": "seed 4 egg"}, "'Test Bird': number of eggs in the cost 4 is out of range (0 to 3)"),
        ({"cost": "0 seed"}, "a cost count must be at least 1"),
        ({"cost": "-2 fish"}, "a cost count must be at least 1"),
    ],
)
def test_negative_and_absurd_numbers_are_rejected(fields: dict[str, str], message: str) -> None:
    d = only_error(card_text(**fields))
    assert d.message == message
    assert d.line >= 1 and d.column >= 1


@pytest.mark.parametrize(
    ("power", "message", "column"),
    [
        ("brown: ignore seed in costs", "'ignore' belongs in a green power, not a brown one", 16),
        ("brown: spend seed as any", "'spend' belongs in a green power, not a brown one", 16),
        ("brown: treat seed as any in powers", "'treat' belongs in a green power, not a brown one", 16),
        ("green: draw card", "'draw' belongs in a brown power, not a green one", 16),
        ("green: lay egg", "'lay' belongs in a brown power, not a green one", 16),
        ("green: hunt wingspan < 30", "'hunt' belongs in a brown power, not a green one", 16),
        ("green: copy brown", "a green power can only copy green powers", 16),
        ("brown: copy green", "a brown power can only copy brown powers", 16),
        ("green: ignore seed in costs + spend fish as any", "a green power is a single phrase", 16),
        ("brown: lay egg + ignore seed in costs", "'ignore' belongs in a green power, not a brown one", 26),
        ("brown: lay egg -> draw card", "the requirement before '->' must be one discard or tuck phrase", 16),
        ("brown: draw card -> lay egg", "the requirement before '->' must be one discard or tuck phrase", 16),
        ("brown: (discard egg + tuck card) -> lay egg", "the requirement before '->' must be one discard or tuck phrase", 17),
        ("brown: all players: tuck card", "'all players' shares a single 'draw' or 'lay egg' phrase", 29),
        ("brown: all players from one deck: draw bird", "'all players from one deck' shares a 'draw food' phrase", 43),
        ("brown: hunt wingspan < 0", "hunt wingspan 0 is out of range (1 to 400)", 16),
        ("brown: hunt wingspan < 401", "hunt wingspan 401 is out of range (1 to 400)", 16),
    ],
)
def test_powers_the_rules_cannot_run_are_rejected(power: str, message: str, column: int) -> None:
    d = only_error(card_text(power=power))
    assert d.message.startswith(message), d.message
    assert (d.line, d.column) == (7, column)


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ("where wingspan < 10 where wingspan > 20", "no bird can meet these wingspan conditions"),
        ("where points = 2 where points = 3", "no bird can meet these points conditions"),
        ("where points > 15", "no bird can meet these points conditions (a bird's points is 0 to 15)"),
        ("where wingspan < 5", "no bird can meet these wingspan conditions"),
        ("where egg_limit >= 10", "no bird can meet these egg_limit conditions"),
        ("where food_cost > 6", "no bird can meet these food_cost conditions"),
        ("with brown power without power", "a bird has only one power colour"),
        ("with brown power with green power", "a bird has only one power colour"),
        ("where wingspan <= 500", "the wingspan compared 500 is out of range (0 to 400)"),
    ],
)
def test_impossible_bird_filters_are_rejected(condition: str, message: str) -> None:
    d = only_error(card_text(power=f"brown: draw bird {condition}"))
    assert d.message.startswith(message), d.message
    assert d.line == 7


def test_possible_edge_filters_are_accepted() -> None:
    for condition in ("where points >= 15", "where wingspan = 5", "where egg_limit < 1", "where food_cost = 0",
                      "where wingspan > 10 where wingspan < 12", "with green power with green power"):  # fmt: skip
        compile_cards(card_text(power=f"brown: draw bird {condition}"))


def test_impossible_goal_sides_are_rejected() -> None:
    d = only_error('goal "G" {\n  side "a": eggs on birds where points > 3 where points < 2\n  side "b": eggs on birds\n}\n')
    assert d.message.startswith("no bird can meet these points conditions")
    assert d.line == 2


@pytest.mark.parametrize("sides", [0, 1, 3])
def test_a_goal_has_exactly_two_sides(sides: int) -> None:
    body = "".join(f'  side "s{i}": eggs on birds\n' for i in range(sides))
    d = only_error(f'goal "G" {{\n{body}}}\n')
    assert d.message == f"goal 'G' must have exactly 2 sides, not {sides}"
    assert (d.line, d.column) == (1, 1)


def test_duplicate_card_and_goal_names_are_rejected() -> None:
    goal = 'goal "G" {\n  side "a": eggs on birds\n  side "b": eggs on birds\n}\n'
    found = errors(card_text("Twin") + card_text("Twin") + goal + goal)
    assert [(d.line, d.message) for d in found] == [
        (8, "card 'Twin' is defined twice (first at line 1)"),
        (19, "goal 'G' is defined twice (first at line 15)"),
    ]


def test_duplicates_across_files_name_both_places() -> None:
    with pytest.raises(DslError) as info:
        compile_sources([("a.wsp", card_text("Twin")), ("b.wsp", "\n\n" + card_text("Twin"))])
    (d,) = info.value.diagnostics
    assert (d.file, d.line, d.column) == ("b.wsp", 3, 1)
    assert d.message == "card 'Twin' is already defined at a.wsp:1"


def test_errors_of_several_files_are_reported_together_with_their_file_names() -> None:
    with pytest.raises(DslError) as info:
        compile_sources([("a.wsp", card_text(food="sed")), ("b.wsp", card_text(power="green: draw card"))])
    assert [(d.file, d.line) for d in info.value.diagnostics] == [("a.wsp", 2), ("b.wsp", 7)]


def test_a_bird_must_cost_something() -> None:
    # The grammar cannot express an empty cost, but a tree built in code can.
    doc = ast.Document((ast.CardDef("Free", ("seed",), ast.BirdDef(ast.CostDef(), 1, 1, 30)),))
    out = Collector("", "<built>")
    check(doc, out)
    assert [d.message for d in out.items] == ["'Free': a bird must cost something"]


def test_the_shipped_cards_pass_the_checker() -> None:
    deck = compile_sources(ruleset_text("pocket"))
    assert len(deck.cards) == 112 and len(deck.goals) == 9


def test_deeply_nested_powers_are_refused_not_crashed() -> None:
    deep = "(lay egg + " * 5000 + "lay egg" + ")" * 5000
    d = only_error(card_text(power=f"brown: {deep}"))
    assert d.message == "a power may nest at most 40 levels deep"
    fine = "(lay egg + " * 20 + "lay egg" + ")" * 20
    assert compile_cards(card_text(power=f"brown: {fine}")).cards[0].colour == "brown"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "cannot be empty"),
        (" Jay", "spaces"),
        ("Blue  Jay", "spaces"),
        ("Jay;Crow", "';'"),
        ("nest", "confused"),
        ("fish/seed", "confused"),
    ],
)
def test_card_names_must_read_back_from_action_text(name: str, words: str) -> None:
    d = only_error(card_text(name))
    assert words in d.message


# ---- the phrase language lives in the grammar -------------------------------------------------


def test_the_grammar_has_one_rule_per_phrase_family_and_a_builder_for_each() -> None:
    from wingspan_rules.dsl.parser import grammar_text
    from wingspan_rules.families import FAMILIES
    from wingspan_rules.powers.family import Family

    grammar = grammar_text()
    assert "phrase: NAME arg*" not in grammar
    phrases = 0
    for family in FAMILIES:
        assert type(family).build is not Family.build, family.name
        for rule in family.rules:
            verb = family.verb_of(rule)
            if verb is not None and re.search(rf"^{rule}:", grammar, re.M):  # (a rule may also be an alias: '-> one_of')
                phrases += 1
                assert re.search(rf"^{rule}: \"{verb}\"", grammar, re.M), rule
    assert phrases >= 20
    for rule in ("card_filter", "predicate", "measure", "all_players", "when"):
        assert re.search(rf"^\??{rule}:", grammar, re.M), rule


def test_a_keyword_is_only_read_as_a_whole_word() -> None:
    d = only_error(card_text(power="brown: draw 2 birdy"))
    assert d.message == "unknown kind of card 'birdy'"
    assert d.hint == "did you mean 'bird'?"


def test_every_broken_phrase_of_one_power_gets_its_own_message() -> None:
    found = errors(card_text(power="brown: drow card + lay eg + tuck 2 birdy from deck"))
    assert [(d.line, d.column) for d in found] == [(7, 16), (7, 32), (7, 44)]
    assert [d.hint for d in found] == ["did you mean 'draw'?", "did you mean 'egg'?", "did you mean 'bird'?"]


def test_a_verb_or_condition_of_another_rule_system_is_named_as_such() -> None:
    d = only_error(card_text(power="brown: gain seed from feeder"))
    assert d.message == "'gain' is not a verb of Pocket cards"
    d = only_error(card_text(power="brown: draw bird living only in forest"))
    assert d.message == "'living' is not a bird condition of Pocket cards"


def test_misspelt_keywords_and_habitats_of_classic_phrases_get_a_did_you_mean() -> None:
    bird = 'bird "A" {{\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 30\n  power {}\n}}\n'
    cases = [
        ("brown: gain seed from feder", "unexpected 'feder'; expected 'feeder' or 'supply'", "did you mean 'feeder'?"),
        ("white: play bird in forrest", "unknown habitat 'forrest'", "did you mean 'forest'?"),
        ("pink: when other gainz seed: draw card", "unexpected 'gainz'; expected 'gains', 'lays', 'plays' or 'predator'", "did you mean 'gains'?"),
        ("brown: lay egg on each bird with cavty nest", "unknown nest 'cavty'", "did you mean 'cavity'?"),
    ]
    for power, message, hint in cases:
        with pytest.raises(DslError) as info:
            compile_sources([("c.wsp", bird.format(power))], VOCABULARIES["classic"])
        (d,) = info.value.diagnostics
        assert (d.message, d.hint) == (message, hint), power


def test_compile_cards_takes_a_ruleset_name() -> None:
    bird = 'bird "X" {\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 20\n  power brown: gain seed from feeder\n}\n'
    assert compile_cards(bird, ruleset="classic").cards[0].name == "X"
    assert compile_cards(bird.replace("seed from feeder", "nectar from feeder"), ruleset="oceania").cards[0].name == "X"
    with pytest.raises(DslError, match="unknown food 'nectar'"):
        compile_cards(bird.replace("seed from feeder", "nectar from feeder"), ruleset="classic")
    with pytest.raises(ValueError, match="unknown ruleset 'europe'"):
        compile_cards(bird, ruleset="europe")


# ---- messages of families that only a comparison before and after their move had covered ----


def _classic_bird(power: str, colour: str = "white") -> str:
    return f"""
bird "Test Player" {{
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 20
  set: core
  power {colour}: {power}
}}
"""


def test_classic_refuses_oceania_forms_of_play_bird() -> None:
    from wingspan_rules import DslError, compile_cards

    for power in ("play bird", "play bird in forest without egg cost"):
        with pytest.raises(DslError) as caught:
            compile_cards(_classic_bird(power), ruleset="classic")
        assert "'play bird' without a habitat, or without egg cost, belongs to the Oceania cards, not to classic cards" in str(caught.value), power
    compile_cards(_classic_bird("play bird in forest"), ruleset="classic")  # the classic form


def test_replace_outside_a_requirement_is_refused_before_its_colour() -> None:
    from wingspan_rules import DslError, compile_cards

    for colour in ("white", "brown"):
        with pytest.raises(DslError) as caught:
            compile_cards(_classic_bird("replace bird in forest", colour), ruleset="oceania")
        message = str(caught.value)
        assert "'replace bird in H' is only the requirement that starts a white power: 'replace bird in forest -> ...'" in message, colour
        assert "belongs in a" not in message
