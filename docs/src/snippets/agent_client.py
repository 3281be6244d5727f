#!/usr/bin/env python3
"""A Gridponder agent in Python's standard library alone.

It starts the server command it is given, talks the JSON-lines protocol over a pipe, searches the
level breadth-first (each legal action from each position not seen before, through reset, act and
undo), then plays the shortest win it found, giving a reason for each move.

    python3 agent_client.py lc01_bottom_step gridponder agent serve packs/lantern-cellar --observation json
"""
import json
import subprocess
import sys
from collections import deque


class Server:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request):
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        return self.process.wait()


def position(response):
    """What the JSON observation shows, without the move count: equal positions, equal keys."""
    data = dict(response["observation"]["data"], moves=None)
    return json.dumps(data, sort_keys=True)


def search(server, level, limit=50000):
    seen = {position(server.ask({"type": "start", "level": level}))}
    frontier = deque([[]])
    while frontier and len(seen) < limit:
        path = frontier.popleft()
        server.ask({"type": "reset"})
        for action in path:
            server.ask({"type": "act", "action": action})
        for action in server.ask({"type": "legal_actions"})["actions"]:
            reply = server.ask({"type": "act", "action": action})
            if reply["outcome"] != "accepted":
                continue
            if reply["status"] == "won":
                return path + [action]
            key = position(reply)
            if reply["status"] == "playing" and key not in seen:
                seen.add(key)
                frontier.append(path + [action])
            server.ask({"type": "undo"})
    return None


def main():
    level, command = sys.argv[1], sys.argv[2:]
    server = Server(command)
    path = search(server, level)
    if path is None:
        print(f"no win found on {level}")
        return 1 if server.close() == 0 else 2
    server.ask({"type": "start", "level": level})
    for i, action in enumerate(path):
        reply = server.ask({"type": "act", "action": action, "reason": f"step {i + 1} of a shortest win"})
    print(f"{level}: {reply['status']} in {reply['moves']} moves")
    return 0 if reply["status"] == "won" and server.close() == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
