"""How well, how fast and in how much memory the scanner reads cards, beside zxing-cpp.

The photos are the synthetic set of tests/photoset.py (cards rasterised from the printables' own
PDFs, laid out, fanned, tilted up to 65 degrees, turned, far away, blurred against the smallest
code's module, lit unevenly, under glare, on a screen, JPEG-compressed), at 2 MP and 12 MP, with
the truth recorded. Every photo is read on one core (cv2.setNumThreads(1); times are CPU time of
this process) by ``companion.scan.scan_photo`` (what `companion scan` runs) and, for comparison,
by zxing-cpp alone on the same photo decoded to grey at full resolution, and by zxing-cpp on
that photo enlarged twice each way.

Prints, in one run: per category and size the cards to read, the share read and false card reads
(a card reported that is not in the photo, or a code that is not this game's card reported as a
card); the same by the pixels a module of each card's best code and by blur; the rows where the
reader reads fewer than zxing-cpp; the median and p95 time a photo at 2 and 12 MP; the peak memory
of reading a 48 MP photo of each format and two decompression bombs (each in its own process);
and the start-up time of `companion scan` (CPU time from the process's start to its first photo
read, the read left out) beside bare Python and Python importing OpenCV, NumPy, Pillow and
zxing-cpp.

    python benchmarks/scan.py                   # the whole set (20 photos a category and size)
    python benchmarks/scan.py --per-category 4  # a quick look
    python benchmarks/scan.py --misses          # also list each photo with a card missed
    python benchmarks/scan.py --only-ours       # the reader alone (no zxing-cpp columns)
    python benchmarks/scan.py --per-category 3 --first 10 --category far --size 12  # a part
    python benchmarks/scan.py --memory-only     # the memory and start-up figures alone
    python benchmarks/scan.py --startup-only    # the start-up figure alone
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def _zxing_reads(gray, game: str) -> tuple[set[str], set[str]]:
    import zxingcpp

    from companion.codes import CodeError, parse_code

    cards, others = set(), set()
    for result in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode):
        try:
            cards.add(parse_code(result.text, game).text)
        except CodeError:
            others.add(result.text)
    return cards, others


def zxing_scan(data: bytes, game: str) -> tuple[set[str], set[str]]:
    """The card codes and the other codes zxing-cpp reads from the photo at full resolution."""
    from companion.scan import load_photo

    return _zxing_reads(load_photo(data)[0], game)


def zxing_enlarged(data: bytes, game: str) -> tuple[set[str], set[str]]:
    """zxing-cpp on the photo enlarged twice each way (four times the pixels, bicubic)."""
    import cv2

    from companion.scan import load_photo

    gray = cv2.resize(load_photo(data)[0], None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    return _zxing_reads(gray, game)


def ours(data: bytes, game: str) -> tuple[set[str], set[str]]:
    from companion.scan import scan_photo

    result = scan_photo(data, game)
    return {card.text for card in result.cards}, {other.text for other in result.others}


def opencv_only(data: bytes, game: str) -> tuple[set[str], set[str]]:
    from companion.scan import reader

    reader.USE_ZXING = False
    try:
        return ours(data, game)
    finally:
        reader.USE_ZXING = True


READERS = {"companion scan": ours, "zxing-cpp": zxing_scan, "zxing-cpp x2": zxing_enlarged}
# the rows of the tables by the best code's pixels a module, and by blur (the Gaussian's sigma in
# modules of the card's best code)
MODULE_ROWS = ((0, 1.5, "under 1.5 px"), (1.5, 2, "1.5-2 px"), (2, 3, "2-3 px"), (3, 4, "3-4 px"),
               (4, 1e9, "4 px and more"))
BLUR_ROWS = ((0, 0.15, "under 0.15 module"), (0.15, 0.3, "0.15-0.3 module"),
             (0.3, 0.45, "0.3-0.45 module"), (0.45, 1e9, "0.45 module and more"))


def group(spec) -> str:
    """The row a photo counts in: its category and size."""
    return f"{spec.category} {spec.megapixels} MP"


def _row_of(value: float, rows) -> str:
    return next(label for low, high, label in rows if low <= value < high)


def run(specs, readers, misses: bool) -> dict:
    """Per reader: per row counts [cards, read, false, others, others read] (rows: the photo's
    group, and each card's module and blur rows), per size times."""
    import photoset

    from companion.codes import CodeError, parse_code

    def not_a_card_of(text: str, game: str) -> bool:
        try:
            parse_code(text, game)
            return False
        except CodeError:
            return True

    tally = {name: defaultdict(lambda: [0, 0, 0, 0, 0]) for name in readers}
    times = {name: defaultdict(list) for name in readers}
    for spec in specs:
        data = photoset.render(spec)
        for name, reader in readers.items():
            start = time.process_time()
            cards, others = reader(data, spec.game)
            elapsed = time.process_time() - start
            times[name][spec.megapixels].append(elapsed)
            truth = set(spec.cards)
            false = {c for c in cards if c not in spec.present or not_a_card_of(c, spec.game)}
            row = tally[name][group(spec)]
            for i, value in enumerate((len(truth), len(truth & cards), len(false),
                                       len(spec.others), len(set(spec.others) & others))):
                row[i] += value
            for card in truth:  # each card in its module and blur rows
                module = spec.modules[card]
                for key in (_row_of(module, MODULE_ROWS), _row_of(spec.blur / module, BLUR_ROWS)):
                    tally[name][key][0] += 1
                    tally[name][key][1] += card in cards
            if misses and (truth - cards or false):
                print(f"  {name:15} {spec.name:20} {spec.game:12} tilt {spec.tilt:4.1f} "
                      f"missed {sorted(truth - cards)} "
                      f"({', '.join(f'{spec.modules[c]:.2f}' for c in sorted(truth - cards))} "
                      f"px a module) false {sorted(false)} ({elapsed * 1000:.0f} ms)", flush=True)
    return {"tally": tally, "times": times}


def report(specs, results) -> None:
    import photoset

    names = list(results["tally"])
    tally = results["tally"]
    print(f"\n{len(specs)} photos ({sum(len(s.cards) for s in specs)} cards to read), "
          f"one core, CPU time; load average {os.getloadavg()[0]:.1f} (a shared machine)\n")
    header = f"{'cards read':28} {'cards':>5}" + "".join(f" | {n:>15} {'false':>5}"
                                                         for n in names)
    print(header)
    print("-" * len(header))
    rows = [f"{category} {mp} MP" for category in photoset.CATEGORIES for mp in (2, 12)]
    totals = {name: defaultdict(lambda: [0] * 5) for name in names}
    behind = []  # rows where the reader reads fewer than the better zxing-cpp figure
    for row in rows:
        counts = {name: tally[name].get(row) for name in names}
        if not counts[names[0]]:
            continue
        print(_line(row, counts, names))
        for name in names:
            for key in ("all cards", f"all {row.split()[-2]} MP"):
                totals[name][key] = [a + b for a, b in zip(totals[name][key], counts[name])]
        zxing = [counts[n][1] for n in names if n.startswith("zxing")]
        if zxing and counts[names[0]][1] < max(zxing):
            behind.append(row)
    for key in ("all 2 MP", "all 12 MP", "all cards"):
        if totals[names[0]].get(key):
            print(_line(key, {name: totals[name][key] for name in names}, names))
    line = f"{'other codes':28} {totals[names[0]]['all cards'][3]:5}"
    for name in names:
        line += f" | {100 * totals[name]['all cards'][4] / max(1, totals[name]['all cards'][3]):14.1f}%"
        line += f" {'':5}"
    print(line + "   (foreign cards and non-card codes reported apart)")
    for title, table in (("by the best code's pixels a module", MODULE_ROWS),
                         ("by blur, in modules of the best code", BLUR_ROWS)):
        print(f"\n{title}")
        for _, _, label in table:
            counts = {name: tally[name].get(label) for name in names}
            if counts[names[0]]:
                print(_line(label, counts, names, false=False))
    print(f"\nrows where {names[0]} reads fewer cards than zxing-cpp or zxing-cpp x2: "
          f"{', '.join(behind) or 'none'}")

    print(f"\n{'time a photo (CPU)':22}" + "".join(f" | {name:>22}" for name in names))
    for size, label in ((2, "2 MP   median / p95"), (12, "12 MP  median / p95")):
        line = f"{label:22}"
        for name in names:
            values = sorted(results["times"][name].get(size, []))
            if not values:
                line += f" | {'-':>22}"
                continue
            p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
            line += f" | {statistics.median(values) * 1000:8.0f} ms {p95 * 1000:7.0f} ms"
        print(line)


def _line(label: str, counts: dict, names: list[str], false: bool = True) -> str:
    line = f"{label:28} {counts[names[0]][0]:5}"
    for name in names:
        want, got, wrong, *_ = counts[name]
        line += f" | {100 * got / max(1, want):14.1f}% {wrong if false else '':5}"
    return line


# ----------------------------------------------------------------------- memory and start-up

def _bombs_and_photos(folder: Path) -> dict[str, Path]:
    """48 MP photos (8000 x 6000, a blocky colour picture) in each format, the largest a
    transparent PNG and a WebP may be, the largest animations of each format, and two bombs."""
    import numpy as np
    import pillow_heif
    from PIL import Image

    pillow_heif.register_heif_opener()
    rng = np.random.default_rng(0)
    colour = Image.fromarray(rng.integers(0, 255, (60, 80, 3), np.uint8)).resize(
        (8000, 6000), Image.Resampling.NEAREST)
    made = {
        "JPEG 48 MP": ("photo.jpg", colour, {"quality": 85}),
        "PNG 48 MP": ("photo.png", colour, {"compress_level": 1}),
        "PNG 48 MP, transparent": ("alpha.png", colour.convert("RGBA"), {"compress_level": 1}),
        "PNG 40 MP, transparent": ("alpha40.png", colour.resize((7300, 5475)).convert("RGBA"),
                                   {"compress_level": 1}),
        "WebP lossless 48 MP": ("photo.webp", colour, {"lossless": True, "method": 0}),
        "WebP lossless 27 MP": ("photo27.webp", colour.resize((6000, 4500)),
                                {"lossless": True, "method": 0}),
        "HEIC 48 MP": ("photo.heic", colour, {"quality": 50}),
        "GIF animated 15 MP, 3 frames": ("anim.gif", *_animation(colour, (4470, 3350), {})),
        "APNG 15 MP, 3 frames": ("anim.png", *_animation(colour, (4470, 3350),
                                                         {"compress_level": 1})),
        "WebP animated 10 MP, 3 frames": ("anim.webp", *_animation(
            colour, (3650, 2740), {"lossless": True, "method": 0})),
        "PNG 7000 x 7000 bomb": ("bomb.png", Image.new("L", (7000, 7000), 255), {}),
        "WebP lossless 7000 x 7000 bomb": ("bomb.webp", Image.new("L", (7000, 7000), 255),
                                           {"lossless": True}),
    }
    paths = {}
    for label, (name, image, options) in made.items():
        paths[label] = folder / name
        image.save(paths[label], **options)
    return paths


def _animation(colour, size: tuple[int, int], options: dict) -> tuple:
    """Three different frames of ``size``: the first, and the save options adding the others."""
    frames = [colour.resize(size), colour.resize(size).rotate(180),
              colour.resize(size).transpose(0)]
    return frames[0], {"save_all": True, "append_images": frames[1:], **options}


def _peak(path: Path) -> str:
    """Read one photo in a fresh process: its peak memory (VmHWM, the most resident memory the
    process held) and what it said."""
    code = ("import re, sys; from companion.scan import ScanError, scan_photo\n"
            "def peak(): return int(re.search(r'VmHWM:\\s+(\\d+)', "
            "open('/proc/self/status').read()).group(1)) / 1024\n"
            "data = open(sys.argv[1], 'rb').read()\n"
            "base = peak()\n"
            "try:\n    said = f'{len(scan_photo(data).cards)} cards'\n"
            "except ScanError as refused:\n    said = str(refused)\n"
            "print(f'{peak():5.0f} MB (before reading {base:3.0f} MB, the file "
            "{len(data) / 2**20:.1f} MB)  {said[:90]}')")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return done.stdout.strip()


def memory() -> None:
    print("\npeak memory reading one photo (a fresh process each; target: 300 MB at 48 MP)")
    with tempfile.TemporaryDirectory() as folder:
        for label, path in _bombs_and_photos(Path(folder)).items():
            print(f"  {label:32} {_peak(path)}", flush=True)


def _run(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall and CPU time (user and system) of a command, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


STARTS = 15  # runs of each command; the medians are printed


def start_up() -> None:
    """`companion scan` on a small photo, its reads left out, beside two floors measured in the
    same run, interleaved: bare Python (`python -c pass`) and Python importing the libraries the
    reader uses (OpenCV, NumPy, Pillow, zxing-cpp).

    The photo (a small JPEG without a code, so nothing is named after the read) is read twice in
    the one process: the second read's time is what a read takes, and the process's CPU time
    less two of those is the start-up, so that what the first read alone pays (a Pillow plugin
    imported, OpenCV's threads started) counts as start-up, not as the read. Every process has
    its bytecode cached, as an installed package has (written once to a folder of its own,
    PYTHONPYCACHEPREFIX: a checkout run with PYTHONDONTWRITEBYTECODE compiles the project's
    modules at each start, about 25 ms more), and one BLAS thread, as `companion scan` sets."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "small.jpg"
        Image.new("RGB", (96, 64), (200, 190, 170)).save(photo, quality=90)
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(Path(folder) / "bytecode"), OPENBLAS_NUM_THREADS="1")
        commands = {
            "scan": [sys.executable, "-m", "companion.cli", "scan", str(photo), str(photo),
                     "--json"],
            "pass": [sys.executable, "-c", "pass"],
            "libraries": [sys.executable, "-c", "import cv2, numpy, PIL.Image, zxingcpp"],
        }
        for command in commands.values():  # the bytecode written, the files in the page cache
            _run(command, env)
        runs: dict[str, list[tuple[float, float]]] = defaultdict(list)
        reads = []
        for _ in range(STARTS):
            for name, command in commands.items():
                wall, cpu, printed = _run(command, env)
                read = 2 * json.loads(printed)[1]["seconds"] if name == "scan" else 0.0
                if name == "scan":
                    reads.append(read / 2)
                runs[name].append((wall - read, cpu - read))
    (wall, cpu), (bare_wall, bare_cpu), (lib_wall, lib_cpu) = (
        (statistics.median(t) * 1000 for t in zip(*runs[name])) for name in commands)
    print(f"\n`companion scan` from start to the first photo read, the read left out (target "
          f"150 ms): {cpu:.0f} ms CPU ({wall:.0f} ms wall); bare Python (`python -c pass`) "
          f"{bare_cpu:.0f} ms CPU ({bare_wall:.0f} ms wall); Python importing OpenCV, NumPy, "
          f"Pillow and zxing-cpp {lib_cpu:.0f} ms CPU ({lib_wall:.0f} ms wall). Medians of "
          f"{STARTS} runs each (a read: {statistics.median(reads) * 1000:.1f} ms), bytecode "
          f"cached, one BLAS thread; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    import cv2
    import photoset

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-category", type=int, default=photoset.PER_CATEGORY)
    parser.add_argument("--category", action="append", choices=list(photoset.CATEGORIES))
    parser.add_argument("--size", type=int, action="append", choices=[2, 12])
    parser.add_argument("--misses", action="store_true", help="list the photos with a miss")
    parser.add_argument("--opencv", action="store_true", help="also OpenCV's pipeline alone")
    parser.add_argument("--only-ours", action="store_true", help="the reader alone")
    parser.add_argument("--first", type=int, default=0, help="the first photo of each category")
    parser.add_argument("--memory-only", action="store_true",
                        help="only the memory and start-up figures")
    parser.add_argument("--startup-only", action="store_true", help="only the start-up figure")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.startup_only:
        start_up()
        return
    if not args.memory_only:
        specs = photoset.photo_set(args.per_category, tuple(args.size or (2, 12)),
                                   tuple(args.category or photoset.CATEGORIES), args.first)
        readers = {"companion scan": ours} if args.only_ours else dict(READERS)
        if args.opencv:
            readers["OpenCV alone"] = opencv_only
        report(specs, run(specs, readers, args.misses))
        if args.category or args.size or args.per_category != photoset.PER_CATEGORY:
            return  # a part of the set: no memory and start-up figures
    memory()
    start_up()


if __name__ == "__main__":
    main()
