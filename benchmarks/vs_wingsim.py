"""Speed side by side with wingsim (TypeScript on node), in one run (issue 20).

Target: random 2-player classic games with the record kept, at least 1.5 times as many a second
as wingsim's random games.

Build the peer from its source (once):

    git clone https://github.com/ajgreenwell/wingsim
    cd wingsim
    git checkout 8f90469bbf24d9c4560a2ce0349ec2e0229b9ecf   # the tree these figures were taken on
    npm install
    npm run build                                           # tsc: src/ -> dist/

``--build`` does the last step for you (``npx tsc -p .``); if the clone has no tsconfig.json, it first
writes ``FALLBACK_TSCONFIG`` below (ES2022, NodeNext modules, src/ -> dist/, tests left out).  Nothing
else is needed: this script writes its own small driver, ``DRIVER_NAME``, into the clone (the text is
``DRIVER`` below: our code, not wingsim's) and runs it with node.

How wingsim plays a random game: ``src/sim/Simulator.ts``, the engine behind its ``yarn sim`` CLI
(``node dist/sim/cli.js -n 100 -p 2``).  ``Simulator.run()`` plays ``numGames`` games, each a fresh
``GameEngine`` with one ``SmartRandomAgent`` per seat (wingsim's own random agent, seeded from the
game seed), and returns their results.  The driver calls exactly that, ten games a call with seeds
1, 2, 3, ..., until its time is up, and adds nothing per move.  wingsim has no list of legal actions:
its agent answers each prompt with a random answer that meets the prompt's constraints (an action,
a bird, how many cards from the tray, ...), which is not the same distribution as ours.

Some wingsim games never end: with a Gray Catbird and a Northern Mockingbird in one habitat, each
repeats the other's brown power forever (wingsim's ``repeatBrownPowerInHabitat`` may pick another
repeater; its random agent always activates), until node runs out of memory.  The driver reports
after every call, so when no report comes for ``--hang`` seconds the runner kills the node process,
keeps the games and time up to the last report, starts a new process (warm-up again, untimed),
skips the ten seeds of the call that hung and goes on until the window's time is spent.  The table
says how many calls were dropped so.

Then:

    python benchmarks/vs_wingsim.py --peer PATH_TO_WINGSIM [--rounds 5] [--seconds 10]
    python benchmarks/vs_wingsim.py --ours-only [--pocket3] [--oceania2]

Each round, for ``--seconds`` each: wingsim plays random 2-player games in its node process, then this
library plays random 2-player classic games in its Python process, first with the record kept
(``wingspan_rules.new_game("classic", 2, seed)``, as ``new_game`` does by default), then with
``events=False``; each move is ``random.Random(seed).choice(game.legal_actions())``: the games are
``bench.py``'s ``random_games``.  Only one engine plays at a time; the others wait on a pipe.

The processes are started once and kept warm across rounds, each after an untimed warm-up
(``--warmup`` seconds): node's JIT compiles the hot code in the first second or two, and Python imports
the package and compiles the card set once, as any long simulation would.  A fresh process per round
would time start-up and JIT warm-up rather than playing, and unequally for the two engines.  Every
process reports games played, wall time and CPU time; the table gives games per second of wall time
per round and the median over rounds, then the medians per CPU second (node's CPU time counts its
garbage-collector threads too).  The target line is judged on the wall-time medians.  Timings on a
shared 2-core machine are indicative only.

``--pocket3`` and ``--oceania2`` add our random 3-player Pocket (basic; target 800 games/s) and
2-player Oceania (target 600 games/s) games, record kept and ``events=False``.  They have no peer;
their targets are judged on the record kept.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

DRIVER_NAME = "vs_wingsim_driver.mjs"

DRIVER = """\
// Written by wingspan_rules' benchmarks/vs_wingsim.py: our driver, not part of wingsim.
// Plays random games with wingsim's own Simulator (SmartRandomAgent at every seat) for the seconds
// asked; one JSON request per line on stdin.  After each Simulator.run() of BATCH games it writes a
// JSON line with the totals so far; the last line of a request has "done": true.  Nothing is added
// per move: each call plays its games as `yarn sim` does.
import { createInterface } from "node:readline";
import { Simulator } from "./dist/sim/Simulator.js";

const BATCH = 10;

async function play(request) {
  const players = request.players ?? 2;
  const agentTypes = Array(players).fill("SmartRandomAgent");
  const totals = { games: 0, errors: 0, turns: 0, wall: 0, cpu: 0, next: request.seed };
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const deadline = t0 + BigInt(Math.round(request.seconds * 1e9));
  while (process.hrtime.bigint() < deadline) {
    const seeds = Array.from({ length: BATCH }, (_, i) => totals.next + i);
    const simulator = new Simulator({ numGames: BATCH, numPlayers: players, agentTypes, seeds, trackCoverage: false });
    const summary = await simulator.run();
    totals.games += summary.successCount;
    totals.errors += summary.errorCount;
    for (const game of summary.games) totals.turns += game.result.totalTurns;
    totals.next += BATCH;
    totals.wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    totals.cpu = (cpu.user + cpu.system) / 1e6;
    process.stdout.write(JSON.stringify(totals) + "\\n");
  }
  process.stdout.write(JSON.stringify({ ...totals, done: true }) + "\\n");
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  if (request.quit) break;
  await play(request);
}
"""

FALLBACK_TSCONFIG = """\
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "outDir": "dist",
    "rootDir": "src",
    "strict": true,
    "esModuleInterop": true,
    "resolveJsonModule": true,
    "skipLibCheck": true
  },
  "include": ["src/**/*.ts", "src/**/*.json"],
  "exclude": ["src/**/*.test.ts", "src/engine/__integration__/Scenario*.ts", "src/engine/__integration__/ScriptedAgent.ts", "src/engine/__integration__/assertions.ts"]
}
"""

TARGET_RATIO = 1.5  # 2-player classic, record kept, against wingsim
TARGETS = {"pocket": 800.0, "oceania": 600.0}  # our own games a second, record kept (no peer)
BATCH = 10  # games per call, both sides: ours between two looks at the clock, wingsim's per Simulator.run()
PEER_SEED = 1  # wingsim's timed games: seeds 1, 2, 3, ...
WARM_SEED = 1_000_000_000  # warm-up games: seeds of their own


@dataclass(frozen=True)
class Config:
    """One kind of random game of ours: a ruleset, a player count and whether the record is kept."""

    ruleset: str
    players: int
    events: bool

    @property
    def label(self) -> str:
        rules = {"classic": "classic", "pocket": "Pocket", "oceania": "Oceania"}[self.ruleset]
        return f"ours {self.players}p {rules} " + ("record" if self.events else "events=False")


@dataclass(frozen=True)
class Sample:
    """What one timed window reported: games finished, games that failed, wall and CPU seconds."""

    games: int = 0
    errors: int = 0
    wall: float = 0.0
    cpu: float = 0.0

    def __add__(self, other: Sample) -> Sample:
        return Sample(self.games + other.games, self.errors + other.errors, self.wall + other.wall, self.cpu + other.cpu)

    @property
    def per_wall(self) -> float:
        return self.games / self.wall if self.wall else 0.0

    @property
    def per_cpu(self) -> float:
        return self.games / self.cpu if self.cpu else 0.0


def sample(answer: dict[str, Any]) -> Sample:
    return Sample(answer["games"], answer["errors"], answer["wall"], answer["cpu"])


# ---- the Python worker: a process of its own, kept warm ----------------------------------------


def worker() -> None:
    """Answer timing requests on stdin (one JSON object a line) with one JSON line each.

    A request names ruleset, players, events and seconds; each kind of game gets consecutive seeds
    from 0, new ones every request.  The games are bench.py's ``random_games``, ``BATCH`` seeds a call."""
    from bench import random_games  # benchmarks/, the script's directory, is on sys.path

    next_seed: dict[tuple[str, int, bool], int] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("quit"):
            break
        key = (request["ruleset"], request["players"], request["events"])
        seed = next_seed.get(key, 0)
        games = 0
        wall0, cpu0 = time.perf_counter(), time.process_time()
        deadline = wall0 + request["seconds"]
        while time.perf_counter() < deadline:
            random_games(range(seed, seed + BATCH), request["players"], False, request["ruleset"], request["events"])
            seed += BATCH
            games += BATCH
        next_seed[key] = seed
        answer = {"games": games, "errors": 0, "wall": time.perf_counter() - wall0, "cpu": time.process_time() - cpu0, "done": True}
        print(json.dumps(answer), flush=True)


# ---- the runner ----------------------------------------------------------------------------------


class Engine:
    """A warm subprocess that plays for the seconds asked, answering in JSON lines."""

    def __init__(self, argv: Sequence[str], cwd: Path | None, log: IO[str]) -> None:
        self.argv, self.cwd, self.log = list(argv), cwd, log
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put("")  # end of output

    def request(self, timeout: float, **fields: Any) -> tuple[dict[str, Any] | None, bool]:
        """Send a request; return the last answer line (None if none came) and whether it is the last
        of the request (False: no line came for ``timeout`` seconds, or the process ended)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(fields) + "\n")
        self.proc.stdin.flush()
        last: dict[str, Any] | None = None
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                return last, False
            if not line:
                return last, False
            last = json.loads(line)
            if last.get("done"):
                return last, True

    def restart(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self.start()

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            try:
                self.proc.stdin.write(json.dumps({"quit": True}) + "\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


class Ours:
    """Our worker process: plays one kind of game for the seconds asked."""

    def __init__(self, log: IO[str]) -> None:
        self.engine = Engine([sys.executable, str(Path(__file__).resolve()), "--worker"], None, log)

    def play(self, config: Config, seconds: float) -> Sample:
        answer, done = self.engine.request(seconds * 10 + 120, seconds=seconds, ruleset=config.ruleset, players=config.players, events=config.events)
        if answer is None or not done:
            raise SystemExit(f"our worker stopped or stalled during {config.label}; see the log {self.engine.log.name}")
        return sample(answer)


class Peer:
    """wingsim's driver process: plays random games for the seconds asked, surviving games that hang."""

    def __init__(self, path: Path, log: IO[str], warmup: float, hang: float) -> None:
        self.engine = Engine(["node", DRIVER_NAME], path, log)
        self.warmup, self.hang = warmup, hang
        self.seed, self.warm_seed = PEER_SEED, WARM_SEED
        self.dropped: list[int] = []  # first seeds of the calls dropped because a game never ended
        self.warm()

    def warm(self) -> None:
        """Untimed play, on seeds of its own; a hang here just means a new process and another try."""
        for _ in range(10):
            answer, done = self.engine.request(self.hang, seconds=self.warmup, players=2, seed=self.warm_seed)
            self.warm_seed = (answer["next"] if answer else self.warm_seed) + (0 if done else BATCH)
            if done:
                return
            self.engine.restart()
        raise SystemExit("wingsim's warm-up kept hanging; see the log")

    def play(self, seconds: float) -> Sample:
        """Play until ``seconds`` of completed calls are timed; a call that hangs is dropped."""
        total = Sample()
        for _ in range(100):
            left = seconds - total.wall
            if left <= 0.001:
                break
            answer, done = self.engine.request(self.hang, seconds=left, players=2, seed=self.seed)
            if answer is not None:
                total += sample(answer)
                self.seed = answer["next"]
            if done:
                break
            self.dropped.append(self.seed)  # the call that was running when the reports stopped
            self.seed += BATCH
            self.engine.restart()
            self.warm()
        return total


def prepare_peer(peer: Path, build: bool) -> None:
    """Check the wingsim clone (dependencies installed, built), build it if asked, write the driver."""
    if not (peer / "package.json").is_file() or not (peer / "src" / "sim" / "Simulator.ts").is_file():
        raise SystemExit(f"{peer} does not look like a wingsim clone (no package.json or src/sim/Simulator.ts)")
    if not (peer / "node_modules").is_dir():
        raise SystemExit(f"run `npm install` in {peer} first")
    if build:
        if not (peer / "tsconfig.json").is_file():
            (peer / "tsconfig.json").write_text(FALLBACK_TSCONFIG)
        subprocess.run(["npx", "tsc", "-p", "."], cwd=peer, check=True)
    if not (peer / "dist" / "sim" / "Simulator.js").is_file():
        raise SystemExit(f"{peer}/dist is not built: run `npm run build` there, or pass --build")
    (peer / DRIVER_NAME).write_text(DRIVER)


def fmt(value: float, width: int) -> str:
    return f"{value:{width}.1f}"


def report(peer: list[Sample], dropped: list[int], ours: dict[Config, list[Sample]], seconds: float) -> None:
    """Print games per second per round and their medians, then the targets with PASS/FAIL."""
    configs = list(ours)
    ratios = [c for c in configs if c.ruleset == "classic"]  # ours against wingsim's (2-player) games
    rounds = len(next(iter(ours.values())))

    def line(label: str, pick: Callable[[list[Sample]], float]) -> str:
        text = f"{label:<7}" + (fmt(pick(peer), 12) if peer else "") + "".join(fmt(pick(ours[c]), 30) for c in configs)
        if peer:
            text += "".join(f"{pick(ours[c]) / pick(peer):15.2f}x" for c in ratios)
        return text

    print(f"\nrandom games per second of wall time, {seconds:g} s windows" + (" (ratio: ours / wingsim)" if peer else ""))
    header = f"{'round':<7}" + (f"{'wingsim 2p':>12}" if peer else "") + "".join(f"{c.label:>30}" for c in configs)
    if peer:
        header += "".join(f"{'ratio ' + ('record' if c.events else 'ev=False'):>16}" for c in ratios)
    print(header)
    for r in range(rounds):
        print(line(str(r + 1), lambda samples, r=r: samples[r].per_wall))
    print(line("median", lambda samples: statistics.median(s.per_wall for s in samples)))
    print(line("cpu", lambda samples: statistics.median(s.per_cpu for s in samples)) + "   (medians of games per CPU second)")
    if peer:
        played, failed = sum(s.games for s in peer), sum(s.errors for s in peer)
        print(f"wingsim: {played} timed games finished, {failed} failed (not counted), {len(dropped)} calls of {BATCH} dropped as a game never ended (first seeds {dropped})")

    print("\ntargets (issue 20)")
    for c in configs:
        if not c.events:
            continue
        median = statistics.median(s.per_wall for s in ours[c])
        if c.ruleset == "classic" and peer:
            peer_median = statistics.median(s.per_wall for s in peer)
            ratio = median / peer_median
            verdict = "PASS" if ratio >= TARGET_RATIO else "FAIL"
            print(f"  2-player classic, record kept >= {TARGET_RATIO}x wingsim: {median:.0f} / {peer_median:.0f} games/s = {ratio:.2f}x   {verdict}")
        elif c.ruleset == "classic":
            print(f"  2-player classic, record kept >= {TARGET_RATIO}x wingsim: {median:.0f} games/s; wingsim not run (--ours-only)")
        else:
            target = TARGETS[c.ruleset]
            verdict = "PASS" if median >= target else "FAIL"
            print(f"  {c.players}-player {c.ruleset}, record kept >= {target:.0f} games/s: {median:.0f} games/s   {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", type=Path, help="the wingsim clone (npm install done)")
    parser.add_argument("--ours-only", action="store_true", help="our figures alone, no peer")
    parser.add_argument("--build", action="store_true", help="build the peer (npx tsc) before running")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10.0, help="timed seconds per engine (and kind of game) per round")
    parser.add_argument("--warmup", type=float, default=3.0, help="untimed seconds per process before the first round")
    parser.add_argument("--hang", type=float, default=5.0, help="seconds without a report after which a wingsim call counts as hung")
    parser.add_argument("--pocket3", action="store_true", help="also our random 3-player Pocket games (target 800/s)")
    parser.add_argument("--oceania2", action="store_true", help="also our random 2-player Oceania games (target 600/s)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if not args.ours_only and args.peer is None:
        parser.error("give --peer PATH_TO_WINGSIM, or --ours-only")

    configs = [Config("classic", 2, True), Config("classic", 2, False)]
    if args.pocket3:
        configs += [Config("pocket", 3, True), Config("pocket", 3, False)]
    if args.oceania2:
        configs += [Config("oceania", 2, True), Config("oceania", 2, False)]

    log = tempfile.NamedTemporaryFile("w", prefix="vs_wingsim_", suffix=".log", delete=False)
    engines: list[Engine] = []
    try:
        print(f"warm-up {args.warmup:g} s per process (untimed), then {args.rounds} rounds of {args.seconds:g} s per engine; stderr in {log.name}", file=sys.stderr)
        peer: Peer | None = None
        if not args.ours_only:
            path = args.peer.resolve()
            prepare_peer(path, args.build)
            peer = Peer(path, log, args.warmup, args.hang)
            engines.append(peer.engine)
        ours = Ours(log)
        engines.append(ours.engine)
        for c in configs:
            ours.play(c, args.warmup / len(configs))

        peer_samples: list[Sample] = []
        our_samples: dict[Config, list[Sample]] = {c: [] for c in configs}
        for r in range(args.rounds):
            if peer is not None:
                peer_samples.append(peer.play(args.seconds))
            for c in configs:
                our_samples[c].append(ours.play(c, args.seconds))
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
        report(peer_samples, peer.dropped if peer else [], our_samples, args.seconds)
    finally:
        for engine in engines:
            engine.close()
        log.close()


if __name__ == "__main__":
    main()
