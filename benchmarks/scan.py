"""How well, how fast and in how much memory the scanner reads cards, beside zxing-cpp.

The photos are the synthetic set of tests/photoset.py (cards rasterised from the printables' own
PDFs, laid out, fanned, tilted up to 60 degrees, turned, far away, blurred against the smallest
code's module, lit unevenly, JPEG-compressed), at 2 MP and 12 MP, with the truth recorded.
Every photo is read on one core (cv2.setNumThreads(1); times are CPU time of this process) by
``companion.scan.scan_photo`` (what `companion scan` runs) and, for comparison, by zxing-cpp
alone on the same photo decoded to grey at full resolution.

Prints, in one run: per category the cards to read, the share read and false card reads (a card
reported that is not in the photo, or a code that is not this game's card reported as a card),
fans and far cards split further; the median and p95 time a photo at 2 and 12 MP; the peak memory
of reading a 48 MP photo of each format and two decompression bombs (each in its own process);
and the start-up time of `companion scan` (CPU time from the process's start to its first photo
read, the read left out) beside bare Python and Python importing OpenCV, NumPy, Pillow and
zxing-cpp.

    python benchmarks/scan.py                   # the whole set (20 photos a category and size)
    python benchmarks/scan.py --per-category 4  # a quick look
    python benchmarks/scan.py --misses          # also list each photo with a card missed
    python benchmarks/scan.py --memory-only     # the memory and start-up figures alone
    python benchmarks/scan.py --startup-only    # the start-up figure alone
"""
from __future__ import annotations

import argparse
import io
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


def zxing_scan(data: bytes, game: str) -> tuple[set[str], set[str]]:
    """The card codes and the other codes zxing-cpp reads from the photo at full resolution."""
    import zxingcpp

    from companion.codes import CodeError, parse_code
    from companion.scan import load_photo

    gray, _ = load_photo(data)
    cards, others = set(), set()
    for result in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode):
        try:
            cards.add(parse_code(result.text, game).text)
        except CodeError:
            others.add(result.text)
    return cards, others


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


READERS = {"companion scan": ours, "zxing-cpp alone": zxing_scan}


def group(spec) -> str:
    """The row a photo counts in: its category, fans and far cards split by size or module."""
    if spec.category == "fanned":
        return f"fanned {spec.megapixels} MP"
    if spec.category == "far":
        return "far 2-2.5 px" if spec.face_module < 2.5 else "far 2.5-3 px"
    return spec.category


def run(specs, readers, misses: bool) -> dict:
    """Per reader: per group counts [cards, read, false, others, others read], per size times."""
    from companion.codes import CodeError, parse_code
    import photoset

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
            if misses and (truth - cards or false):
                print(f"  {name:15} {spec.name:18} {spec.game:12} tilt {spec.tilt:4.1f} "
                      f"missed {sorted(truth - cards)} false {sorted(false)} "
                      f"({elapsed * 1000:.0f} ms)", flush=True)
    return {"tally": tally, "times": times}


def report(specs, results) -> None:
    import photoset

    names = list(results["tally"])
    print(f"\n{len(specs)} photos ({sum(len(s.cards) for s in specs)} cards to read), "
          f"one core, CPU time; load average {os.getloadavg()[0]:.1f} (a shared machine)\n")
    header = f"{'category':16} {'cards':>5}" + "".join(f" | {n:>15} {'false':>5}" for n in names)
    print(header)
    print("-" * len(header))
    rows = [g for category in photoset.CATEGORIES for g in
            ((f"fanned {mp} MP" for mp in (2, 12)) if category == "fanned" else
             ("far 2-2.5 px", "far 2.5-3 px") if category == "far" else (category,))]
    totals = {name: [0] * 5 for name in names}
    for row in rows:
        counts = {name: results["tally"][name].get(row) for name in names}
        if not any(counts.values()):
            continue
        line = f"{row:16} {counts[names[0]][0]:5}"
        for name in names:
            want, got, false, *_ = counts[name]
            line += f" | {100 * got / max(1, want):14.1f}% {false:5}"
            totals[name] = [a + b for a, b in zip(totals[name], counts[name])]
        print(line)
    line = f"{'all cards':16} {totals[names[0]][0]:5}"
    for name in names:
        want, got, false, *_ = totals[name]
        line += f" | {100 * got / max(1, want):14.1f}% {false:5}"
    print(line)
    line = f"{'other codes':16} {totals[names[0]][3]:5}"
    for name in names:
        line += f" | {100 * totals[name][4] / max(1, totals[name][3]):14.1f}% {'':5}"
    print(line + "   (foreign cards and non-card codes reported apart)")

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


# ----------------------------------------------------------------------- memory and start-up

def _bombs_and_photos(folder: Path) -> dict[str, Path]:
    """48 MP photos (8000 x 6000, a blocky colour picture) in each format, the largest a
    transparent PNG and a WebP may be, the largest animations of each format, and two bombs."""
    import numpy as np
    from PIL import Image

    import pillow_heif

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
                                   tuple(args.category or photoset.CATEGORIES))
        readers = dict(READERS)
        if args.opencv:
            readers["OpenCV alone"] = opencv_only
        report(specs, run(specs, readers, args.misses))
    memory()
    start_up()


if __name__ == "__main__":
    main()
