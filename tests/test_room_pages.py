"""The card room's pages without a browser: the HTML shells, the words served by language, and the pages' files
(every sentence their scripts say is served in both languages; nothing is fetched from elsewhere)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources

import pytest
from client_support import new_table, room_client
from fastapi.testclient import TestClient

from academie.cards import Card
from academie.games import GAMES
from academie.room.web_words import option_choices
from academie.words import Words

STATIC = resources.files("academie.room").joinpath("static")
SCRIPTS = tuple(sorted(item.name for item in STATIC.iterdir() if item.name.endswith(".js")))
SAID = re.compile(r"""\bt\(\s*"((?:[^"\\]|\\.)*)\"""")
"""A sentence a script says: ``t("...")``."""
SAME_IN_FRENCH = {"Message", "Mode", "Table {table}", "Place", "Points"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with room_client(tmp_path_factory.mktemp("pages") / "room.db") as started:
        yield started


def script(name: str) -> str:
    return STATIC.joinpath(name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("path", "module"), [("/", "lobby"), ("/tables/", "table"), ("/replay/", "replay")])
def test_each_page_is_a_shell_that_loads_its_script_and_the_stylesheet_from_the_package(
        client: TestClient, path: str, module: str) -> None:
    if path != "/":
        path += new_table(client)["table"]
    response = client.get(path)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert f'src="/static/{module}.js"' in response.text and 'href="/static/room.css"' in response.text
    assert STATIC.joinpath(f"{module}.js").is_file() and STATIC.joinpath("room.css").is_file()


@pytest.mark.parametrize("path", ["/tables/no-such-table", "/replay/no-such-table", "/no/such/page",
                                  "/static/nothing.js"])
def test_a_missing_table_or_path_is_a_page_saying_so_in_the_readers_language(client: TestClient, path: str) -> None:
    """Not an empty green felt nor raw JSON: a 404 page a person reads, with the way back to the lobby."""
    english = client.get(path)
    assert english.status_code == 404 and english.headers["content-type"].startswith("text/html")
    assert "Not found" in english.text and 'href="/"' in english.text and "Académie" in english.text
    assert ("There is no table no-such-table" in english.text) == ("no-such-table" in path)
    french = client.get(path, headers={"accept-language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 404 and "Introuvable" in french.text and 'lang="fr"' in french.text
    assert client.get(path + "?lang=en", headers={"accept-language": "fr"}).text == english.text


def test_the_apis_missing_paths_stay_json(client: TestClient) -> None:
    response = client.get("/api/no-such-route")
    assert response.status_code == 404 and response.json() == {"detail": "Not Found"}
    assert client.get("/api/tables/nothing-here").json()["detail"] == "There is no table nothing-here."


def test_every_sentence_the_scripts_say_is_served_in_english_and_french(client: TestClient) -> None:
    said = {message for name in SCRIPTS for message in SAID.findall(script(name))}
    assert len(said) > 60
    english = client.get("/api/words", params={"lang": "en"}).json()["messages"]
    french = client.get("/api/words", params={"lang": "fr"}).json()["messages"]
    assert not said - set(english), f"sentences the pages say but /api/words does not serve: {said - set(english)}"
    untranslated = [message for message in said if french[message] == message and message not in SAME_IN_FRENCH]
    assert not untranslated
    blanks = re.compile(r"\{([a-z_]+)\}")
    for message in said:
        assert set(blanks.findall(french[message])) == set(blanks.findall(message)), message


def test_the_words_write_cards_the_language_way_and_speak_of_every_game_and_option(client: TestClient) -> None:
    french = client.get("/api/words", params={"lang": "fr"}).json()
    assert french["lang"] == "fr" and len(french["cards"]) == 52
    assert (french["cards"]["KH"], french["cards"]["QC"], french["cards"]["JS"]) == ("R♥", "D♣", "V♠")
    assert client.get("/api/words").json()["cards"]["TD"] == Words("en").card(Card.parse("TD")) == "10♦"
    for name, game in GAMES.items():
        assert french["games"][name]
        for option in game.rules.__dataclass_fields__:
            if option != "version":
                assert french["options"].get(f"{name}.{option}") or french["options"].get(option), (name, option)


def test_the_options_that_take_a_few_values_list_them_with_the_default_among_them() -> None:
    choices = option_choices("quinze")
    assert choices["form"] == ["A", "B"] and choices["mode"] == ["enforced", "table"]
    assert "players" not in choices  # a number: the lobby gives a number field
    for name, game in GAMES.items():
        defaults = game.rules()
        for option, values in option_choices(name).items():
            default = getattr(defaults, option)
            assert getattr(default, "value", default) in values


ROOMS_OWN_OPTIONS = {"mode"}
"""Options whose values the room itself names (the lobby's mode menu: "enforced", "table mode")."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_value_of_every_option_has_a_label_in_english_and_in_french_never_its_key(
        client: TestClient, game: str) -> None:
    """The lobby shows a label for each value of an option that takes a few, in the page's language: never the
    option's internal key ("highest", "cap", "new-stock") nor, in French, the English label."""
    english = client.get("/api/words", params={"lang": "en"}).json()
    french = client.get("/api/words", params={"lang": "fr"}).json()
    for option, values in option_choices(game).items():
        if option in ROOMS_OWN_OPTIONS:
            continue
        key = f"{game}.{option}"
        assert english["choices"][key] == french["choices"][key] == values
        for value in values:
            label, label_fr = english["values"][key][value], french["values"][key][value]
            assert label and label_fr and value not in (label, label_fr), (key, value)
            assert label_fr != label, (key, value, "untranslated")


def test_a_language_we_do_not_speak_is_refused_naming_ours(client: TestClient) -> None:
    response = client.get("/api/words", params={"lang": "de"})
    assert response.status_code == 400 and "available: en, fr" in response.json()["detail"]


def test_the_pages_fetch_nothing_from_elsewhere_and_load_no_third_party_code() -> None:
    for name in (*SCRIPTS, "room.css"):
        text = script(name)
        addresses = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'`)]*", text))
        assert addresses <= {"http://www.w3.org/2000/svg"}, (name, addresses)  # the SVG namespace, never fetched
        imports = re.findall(r"""^import .* from "([^"]+)";""", text, flags=re.MULTILINE)
        assert all(path.startswith("./") and path[2:] in SCRIPTS for path in imports), (name, imports)
