#!/usr/bin/env python3
"""Writes a synthetic Trello board export to stdout, shaped like Trello's own: the board's
final lists and cards, and its newest ACTIONS actions (newest first) with their `old` values.

    scripts/trello/synthetic-export.py [ACTIONS] [CARDS] [SEED] > export.json

CARDS cards exist before the oldest action (rebuilt by the import's backward walk); the actions
create, rename, describe, move, reorder, archive, unarchive and comment on cards, and add and
rename lists. Used to time `kanban import trello` on a full-size export (Trello keeps 1,000)."""
import json, random, sys

actions_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
cards_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 500
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

clock = 1_640_995_200  # 2022-01-01, seconds
counter = 0
def new_id():
    global counter
    counter += 1
    return "%08x%016x" % (clock, counter)
def iso(seconds):
    import datetime
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")

board_id = new_id()
lists = [{"id": new_id(), "name": name, "pos": 16384 * (i + 1), "closed": False}
         for i, name in enumerate(["Backlog", "To do", "Doing ⚙️", "Review", "Done 🙌"])]
cards = {}
for i in range(cards_wanted):
    clock += 60
    card = {"id": new_id(), "name": f"Card {i}: 회의 준비, -dash, **bold**", "desc": "", "due": None,
            "idList": rng.choice(lists)["id"], "pos": rng.randint(1, 1_000_000), "closed": rng.random() < 0.1}
    cards[card["id"]] = card
members = [{"id": new_id(), "username": u, "fullName": u.title()} for u in ["ana", "bob", "minjun", "zoe"]]
actions = []
def act(kind, data):
    global clock
    clock += 60
    member = rng.choice(members)
    actions.append({"id": new_id(), "type": kind, "date": iso(clock), "idMemberCreator": member["id"],
                    "memberCreator": {"id": member["id"], "username": member["username"], "fullName": member["fullName"]},
                    "data": data})
def ref(card, **extra):
    return dict({"id": card["id"], "name": card["name"], "idShort": 1}, **extra)
while len(actions) < actions_wanted:
    open_cards = [c for c in cards.values() if not c["closed"]]
    closed = [c for c in cards.values() if c["closed"]]
    r = rng.random()
    if r < 0.2 or not open_cards:
        lst = rng.choice(lists)
        card = {"id": new_id(), "name": f"New card {len(actions)}", "desc": "", "due": None, "idList": lst["id"],
                "pos": rng.randint(1, 1_000_000), "closed": False}
        cards[card["id"]] = card
        act("createCard", {"card": ref(card), "list": {"id": lst["id"], "name": lst["name"]}})
    elif r < 0.45:
        card = rng.choice(open_cards)
        old = card["idList"]
        card["idList"] = rng.choice([l for l in lists if l["id"] != old])["id"]
        act("updateCard", {"card": ref(card, idList=card["idList"]), "old": {"idList": old},
                           "listBefore": {"id": old}, "listAfter": {"id": card["idList"]}})
    elif r < 0.55:
        card = rng.choice(open_cards)
        old = card["pos"]; card["pos"] = rng.randint(1, 1_000_000)
        act("updateCard", {"card": ref(card, pos=card["pos"]), "old": {"pos": old}, "list": {"id": card["idList"]}})
    elif r < 0.65:
        card = rng.choice(open_cards)
        old = card["name"]; card["name"] = old + " (renamed)"
        act("updateCard", {"card": ref(card), "old": {"name": old}, "list": {"id": card["idList"]}})
    elif r < 0.72:
        card = rng.choice(open_cards)
        old = card["desc"]; card["desc"] = "Notes " * rng.randint(1, 250)
        act("updateCard", {"card": ref(card, desc=card["desc"]), "old": {"desc": old}, "list": {"id": card["idList"]}})
    elif r < 0.77:
        card = rng.choice(open_cards)
        card["closed"] = True
        act("updateCard", {"card": ref(card, closed=True), "old": {"closed": False}, "list": {"id": card["idList"]}})
    elif r < 0.80 and closed:
        card = rng.choice(closed)
        card["closed"] = False
        act("updateCard", {"card": ref(card, closed=False), "old": {"closed": True}, "list": {"id": card["idList"]}})
    else:
        card = rng.choice(open_cards)
        act("commentCard", {"text": "a comment", "card": ref(card), "list": {"id": card["idList"]}})

export = {"id": board_id, "name": "Synthetic board", "lists": lists,
          "cards": sorted(cards.values(), key=lambda c: c["id"]), "actions": list(reversed(actions)), "members": members}
json.dump(export, sys.stdout, ensure_ascii=False)
