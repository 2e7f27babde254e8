#!/usr/bin/env python3
"""Plays random base card races through our engine and through the public Python engine
(the `flamme-rouge` package on PyPI) and reports every round where they disagree.

Not part of CI (it needs the package from PyPI); docs/tests.md says when and how to run it:

    pip install flamme-rouge
    cargo build --bin commissaire
    python3 tests/differential/public_card_race.py target/debug/commissaire --races 500

Each race: a two-lane course of random flat, uphill and downhill segments between a start
area of 5 rows and 10 rows past the line (so that no card ever runs off the end of the
course: the public engine clips such a move at its last section), 2 to 8 riders on the
start rows, and a random card from 2 to 9 for every rider every round ("hands": "free",
the rounds notation), until the first rider crosses. Compared after every round: each
rider's row and lane, the exhaustion cards it received, and whether it is across.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from flamme_rouge.tracks import Finish, MountainDown, MountainUp, Section, Track

START_ROWS = 5
PAST_LINE = 10


class Rider:
    """What the public engine's track needs of a cyclist when cards are plain numbers."""

    def __init__(self, name):
        self.name = name
        self.team = None
        self.section = None
        self.finished = False
        self.exhaustion = 0

    def discard(self, _card):
        self.exhaustion += 1

    def __str__(self):
        return self.name


def random_race(rng):
    segments = [{"terrain": "flat", "length": START_ROWS, "start": True}]
    for _ in range(rng.randint(3, 8)):
        terrain = rng.choice(["flat", "flat", "uphill", "downhill"])
        segments.append({"terrain": terrain, "length": rng.randint(1, 8)})
    segments.append({"terrain": "flat", "length": PAST_LINE, "finish": True})
    cells = [(row, lane) for row in range(START_ROWS) for lane in (0, 1)]
    count = rng.randint(2, 8)
    # The public engine has no lanes of its own, only the order riders entered a section:
    # a section's first rider is lane 0.
    chosen = sorted(rng.sample(cells, count))
    taken = set()
    riders = []
    for k, (row, lane) in enumerate(chosen):
        if lane == 1 and (row, 0) not in taken:
            lane = 0
        if (row, lane) in taken:
            continue
        taken.add((row, lane))
        riders.append({"id": f"R{k}", "team": f"T{k}", "kind": "rouleur", "row": row, "lane": lane})
    rounds = [{r["id"]: rng.randint(2, 9) for r in riders} for _ in range(60)]
    return {
        "ruleset": "flamme-rouge",
        "seed": 1,
        "hands": "free",
        "course": {"lanes": 2, "segments": segments},
        "riders": riders,
        "rounds": rounds,
    }


class CappedTrack(Track):
    """The public engine with one quirk mended: a rider who starts on a climb (at most 5) and
    whose card reaches a later climb section more than 5 sections ahead is moved i - 1 there,
    more than the 5 it was capped at (a 7 from a climb cell went 6). FR-4 says a rider who
    starts on a climb moves at most 5, whatever lies beyond."""

    def _move_cyclist(self, cyclist, value, start, min_speed=False):
        floor = self.sections[start].min_speed
        if min_speed and floor is not None:
            value = max(value, floor)
        for i, section in enumerate(self.sections[start : start + value + 1]):
            cap = section.max_speed
            if cap is None:
                continue
            if i > cap:
                value = min(value, i - 1)
                break
            value = min(value, cap)
        for pos in range(min(start + value, len(self) - 1), start, -1):
            if self.sections[pos].add_cyclist(cyclist):
                if pos >= self.finish:
                    cyclist.finished = True
                return pos
        return start


def public_engine(race, track_class=Track):
    kinds = {"flat": Section, "uphill": MountainUp, "downhill": MountainDown}
    sections = []
    for seg in race["course"]["segments"]:
        kind = Finish if seg.get("finish") else kinds[seg["terrain"]]
        for _ in range(seg["length"]):
            sections.append(kind(len(sections)))
    track = track_class("random", sections, start=START_ROWS, finish=-PAST_LINE)
    riders = {}
    for r in sorted(race["riders"], key=lambda r: (r["row"], r["lane"])):
        riders[r["id"]] = Rider(r["id"])
        assert track[r["row"]].add_cyclist(riders[r["id"]])
    lines = []
    for cards in race["rounds"]:
        # Front to back; in a section, the rider who came first moves first.
        for rider in list(track.cyclists()):
            track.move_cyclist(rider, cards[rider.name], min_speed=True)
        track.do_slipstream()
        track.do_exhaustion()
        where = {}
        for section in track.sections:
            for lane, rider in enumerate(section.cyclists):
                where[rider.name] = (section.position, lane, rider.exhaustion, section.position >= track.finish)
        lines.append(where)
        if track.finished():
            break
    return lines


def our_engine(binary, race):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(race, f)
        path = f.name
    try:
        out = subprocess.run([binary, "scenario", path], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    lines = []
    for line in out.splitlines():
        data = json.loads(line)
        if "round" not in data:
            continue
        lines.append(
            {r["id"]: (r["row"], r["lane"], r["exhaustion"], r["finished"]) for r in data["riders"]}
        )
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the commissaire binary (cargo build --bin commissaire)")
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rounds = 0
    quirk = 0
    disagree = 0
    for n in range(args.races):
        race = random_race(rng)
        ours = our_engine(args.binary, race)
        theirs = public_engine(race)
        rounds += len(theirs)
        if ours == theirs:
            continue
        if ours == public_engine(race, CappedTrack):
            quirk += 1
            continue
        disagree += 1
        for k, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                print(f"race {n}, round {k + 1}: ours {a}\n  public {b}")
                break
        else:
            print(f"race {n}: {len(ours)} rounds here, {len(theirs)} in the public engine")
        print("  " + json.dumps(race))
    print(
        f"{args.races} races, {rounds} rounds: {args.races - quirk - disagree} agree as they are, "
        f"{quirk} agree once the public engine's climb cap is mended, {disagree} disagree"
    )
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
