"""How well and how fast the scanner reads cards from phone photos, beside zxing-cpp.

The photos are the synthetic set of tests/photoset.py (cards rasterised from the printables' own
PDFs, laid out, fanned, tilted, turned, blurred, lit unevenly, JPEG-compressed), at 2 MP and
12 MP, with the truth recorded. Every photo is read on one core (cv2.setNumThreads(1)) by
``companion.scan.scan_photo`` and, for comparison, by zxing-cpp on the same decoded pixels.

Prints, per category: the cards to read, the share read (recall), false card reads (a card
reported that is not in the photo, or a code that is not this game's card reported as a card),
and the median and p95 time per photo at 2 MP and at 12 MP.

    python benchmarks/scan.py                   # the whole set (20 photos a category and size)
    python benchmarks/scan.py --per-category 4  # a quick look
    python benchmarks/scan.py --misses          # also list each photo with a card missed
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import zxingcpp  # noqa: E402

import photoset  # noqa: E402
from companion.codes import CodeError, parse_code  # noqa: E402
from companion import scan  # noqa: E402
from companion.scan import load_photo, scan_photo  # noqa: E402


def zxing_scan(data: bytes, game: str) -> tuple[set[str], set[str]]:
    """The card codes and the other codes zxing-cpp reads from the same decoded photo."""
    gray, _ = load_photo(data)
    cards, others = set(), set()
    for result in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode):
        try:
            cards.add(parse_code(result.text, game).text)
        except CodeError:
            others.add(result.text)
    return cards, others


def ours(data: bytes, game: str) -> tuple[set[str], set[str]]:
    scan.USE_ZXING = True
    result = scan_photo(data, game)
    return {card.text for card in result.cards}, {other.text for other in result.others}


def opencv_only(data: bytes, game: str) -> tuple[set[str], set[str]]:
    scan.USE_ZXING = False
    result = scan_photo(data, game)
    scan.USE_ZXING = True
    return {card.text for card in result.cards}, {other.text for other in result.others}


READERS = {"scan_photo": ours, "OpenCV alone": opencv_only, "zxing-cpp alone": zxing_scan}


def run(specs, readers, misses: bool) -> dict:
    """Per reader: per category counts, and per size the times."""
    tally = {name: defaultdict(lambda: [0, 0, 0, 0, 0]) for name in readers}  # want, got, false, others want, others got
    times = {name: defaultdict(list) for name in readers}
    for spec in specs:
        data = photoset.render(spec)
        for name, reader in readers.items():
            start = time.perf_counter()
            cards, others = reader(data, spec.game)
            elapsed = time.perf_counter() - start
            times[name][spec.megapixels].append(elapsed)
            if spec.category == "many" and spec.megapixels == 12:
                times[name]["many12"].append(elapsed)
            row = tally[name][spec.category]
            truth = set(spec.cards)
            false = {c for c in cards if c not in spec.present
                     or _not_a_card_of(c, spec.game)}
            row[0] += len(truth)
            row[1] += len(truth & cards)
            row[2] += len(false)
            row[3] += len(spec.others)
            row[4] += len(set(spec.others) & others)
            if misses and (truth - cards or false):
                print(f"  {name:14} {spec.name:18} {spec.game:12} tilt {spec.tilt:4.1f} "
                      f"missed {sorted(truth - cards)} false {sorted(false)} "
                      f"({elapsed * 1000:.0f} ms)", flush=True)
    return {"tally": tally, "times": times}


def _not_a_card_of(text: str, game: str) -> bool:
    try:
        parse_code(text, game)
        return False
    except CodeError:
        return True


def report(specs, results) -> None:
    names = list(results["tally"])
    print(f"\n{len(specs)} photos ({sum(len(s.cards) for s in specs)} cards to read), one core\n")
    header = f"{'category':10} {'cards':>5}"
    for name in names:
        header += f" | {name:>14} {'false':>5}"
    print(header)
    print("-" * len(header))
    totals = {name: [0, 0, 0, 0, 0] for name in names}
    for category in photoset.CATEGORIES:
        rows = {name: results["tally"][name].get(category) for name in names}
        if not any(rows.values()):
            continue
        line = f"{category:10} {rows[names[0]][0]:5}"
        for name in names:
            want, got, false, *_ = rows[name]
            line += f" | {100 * got / max(1, want):13.1f}% {false:5}"
            totals[name] = [a + b for a, b in zip(totals[name], rows[name])]
        print(line)
    flat = {name: [0, 0] for name in names}
    for name in names:
        for category in ("flat", "tilt30", "rotated", "fanned", "blur", "light", "many",
                         "foreign"):
            row = results["tally"][name].get(category)
            if row:
                flat[name][0] += row[0]
                flat[name][1] += row[1]
    line = f"{'up to 30°':10} {flat[names[0]][0]:5}"
    for name in names:
        line += f" | {100 * flat[name][1] / max(1, flat[name][0]):13.1f}% {'':5}"
    print(line)
    line = f"{'all':10} {totals[names[0]][0]:5}"
    for name in names:
        want, got, false, *_ = totals[name]
        line += f" | {100 * got / max(1, want):13.1f}% {false:5}"
    print(line)
    line = f"{'others':10} {totals[names[0]][3]:5}"
    for name in names:
        line += f" | {100 * totals[name][4] / max(1, totals[name][3]):13.1f}% {'':5}"
    print(line + "   (foreign cards and non-card codes reported apart)")

    print(f"\n{'time a photo':22}" + "".join(f" | {name:>22}" for name in names))
    for size, label in ((2, "2 MP   median / p95"), (12, "12 MP  median / p95"),
                        ("many12", "12 MP, 8-10 cards")):
        line = f"{label:22}"
        for name in names:
            values = sorted(results["times"][name].get(size, []))
            if not values:
                line += f" | {'-':>22}"
                continue
            p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
            line += f" | {statistics.median(values) * 1000:8.0f} ms {p95 * 1000:7.0f} ms"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-category", type=int, default=photoset.PER_CATEGORY)
    parser.add_argument("--category", action="append", choices=list(photoset.CATEGORIES))
    parser.add_argument("--size", type=int, action="append", choices=[2, 12])
    parser.add_argument("--misses", action="store_true", help="list the photos with a miss")
    parser.add_argument("--ours-only", action="store_true", help="OpenCV's pipeline alone")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    specs = photoset.photo_set(args.per_category, tuple(args.size or (2, 12)),
                               tuple(args.category or photoset.CATEGORIES))
    readers = dict(READERS)
    if args.ours_only:
        del readers["zxing-cpp alone"], readers["scan_photo"]
    report(specs, run(specs, readers, args.misses))


if __name__ == "__main__":
    main()
