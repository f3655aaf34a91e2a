#!/usr/bin/env python3
"""`scrollsim report` in a real headless Chromium (the Debian `chromium` package).

For each page (a single gesture through apple-music, the 39 s session, a user spec drawn as
generic outputs, a two-axis photo pan with its contentOffset.x and velocity.x panels) the page's self-check (`#test`) runs under `--dump-dom --virtual-time-budget`
and writes its results into the DOM; this script checks them against the frame file itself:
no console error or uncaught exception, the scrubber moves the preview (the frame drawn and
the values the preview drew are the frame file's, and the preview's pixels change), every
chart's values inside its panel below its title (whole run and zoomed), zoom and reset, play at
real speed. Then a screenshot at a fixed frame (`#frame=N`, nothing animating)
is cropped to the phone preview and compared with a golden PNG (decoded here with zlib; the
tolerance is below). Network access is blocked (`--host-resolver-rules`), so a page that
needed any would fail.

usage: report_browser_test.py [--scrollsim PATH] [--chromium PATH] [--record] [--keep DIR]
exit status: 0 all passed, 1 a check failed, 2 chromium or scrollsim missing.
Run from anywhere; paths are relative to the repository. CI runs it (.ci/run).
"""

import argparse
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
WINDOW = (760, 860)

# Screenshot tolerance. A pixel differs when one channel differs by more than 48 of 255
# (anti-aliasing and gradient dithering between Skia builds stay well under that); the image
# matches when at most 4% of the preview's pixels differ. The preview draws text in a few
# places (the album title, GSAP marker labels): drawing no text at all changes 0.8% of the
# region (measured), so another sans-serif font on another machine (old and new glyphs, label
# boxes of other widths) stays well inside 4%, while any change of the frame drawn moves the
# artwork, the rows and the markers (the negative control below checks that another frame
# differs by far more: about 25%).
CHANNEL_TOLERANCE = 48
PIXEL_FRACTION = 0.04
GOLDEN_FRAME = 40


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# MARK: PNG (8-bit RGB or RGBA, not interlaced: what Chromium writes), stdlib zlib only.

def read_png(path, rows=None):
    """(width, height, RGB bytes) of the PNG at path, decoding only the first `rows` rows."""
    data = open(path, 'rb').read()
    check(data[:8] == b'\x89PNG\r\n\x1a\n', f'{path}: not a PNG')
    pos, idat = 8, b''
    width = height = ctype = None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            check(depth == 8 and ctype in (2, 6) and interlace == 0, f'{path}: unsupported PNG')
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    channels = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = height if rows is None else min(rows, height)
    out = bytearray()
    prev = bytearray(stride)
    p = 0
    for _ in range(rows):
        kind = raw[p]
        line = bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((a + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = prev[i]
                c = prev[i - channels] if i >= channels else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
        prev = line
        if channels == 3:
            out += line
        else:
            rgb = bytearray(width * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = line[0::4], line[1::4], line[2::4]
            out += rgb
    return width, rows, bytes(out)


def write_png(path, width, height, rgb):
    raw = b''.join(b'\x00' + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))

    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw, 9))
                + chunk(b'IEND', b''))


def crop(image, x, y, w, h):
    width, height, rgb = image
    check(x + w <= width and y + h <= height, f'crop {x},{y} {w}x{h} outside {width}x{height}')
    return w, h, b''.join(rgb[((y + r) * width + x) * 3:((y + r) * width + x + w) * 3]
                          for r in range(h))


def differing_fraction(a, b):
    check(a[0] == b[0] and a[1] == b[1], f'sizes differ: {a[0]}x{a[1]} and {b[0]}x{b[1]}')
    pa, pb = a[2], b[2]
    differing = 0
    for i in range(0, len(pa), 3):
        if (abs(pa[i] - pb[i]) > CHANNEL_TOLERANCE or abs(pa[i + 1] - pb[i + 1]) > CHANNEL_TOLERANCE
                or abs(pa[i + 2] - pb[i + 2]) > CHANNEL_TOLERANCE):
            differing += 1
    return differing / (a[0] * a[1])


# MARK: running scrollsim and Chromium.

class Run:
    def __init__(self, scrollsim, chromium, folder):
        self.scrollsim, self.chromium, self.folder = scrollsim, chromium, folder
        self.profile = os.path.join(folder, 'chromium-profile')

    def scrollsim_run(self, *args):
        result = subprocess.run([self.scrollsim, *args], cwd=ROOT, capture_output=True, text=True)
        check(result.returncode == 0,
              f'scrollsim {" ".join(args)} exited {result.returncode}: {result.stderr.strip()}')
        return result

    def chromium_run(self, url, *flags):
        command = [self.chromium, '--headless', '--no-sandbox', '--disable-gpu',
                   '--no-first-run', '--hide-scrollbars', '--force-device-scale-factor=1',
                   f'--user-data-dir={self.profile}', '--host-resolver-rules=MAP * ~NOTFOUND',
                   f'--window-size={WINDOW[0]},{WINDOW[1]}', '--enable-logging=stderr', '--v=0',
                   *flags, url]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        check(result.returncode == 0, f'chromium exited {result.returncode}: {result.stderr[-2000:]}')
        console = [line for line in result.stderr.splitlines()
                   if 'CONSOLE' in line or 'Uncaught' in line]
        check(not console, f'{url}: console messages: {console}')
        return result.stdout

    def self_check(self, page):
        dom = self.chromium_run('file://' + page + '#test', '--virtual-time-budget=5000',
                                '--dump-dom')
        found = re.search(r'<pre id="test-results">(.*?)</pre>', dom, re.S)
        check(found and found.group(1).strip(), f'{page}: the self-check wrote no results')
        return json.loads(html.unescape(found.group(1)))

    def screenshot(self, page, fragment, name):
        path = os.path.join(self.folder, name)
        self.chromium_run('file://' + page + '#' + fragment, f'--screenshot={path}')
        return path


def read_frames(path):
    lines = open(path).read().splitlines()
    header = json.loads(lines[0])
    frames = [json.loads(line) for line in lines[1:] if not line.startswith('{"end"')]
    return header, frames


def check_page(run, name, frames_path, page, expected_preset, max_offset_x=None):
    """The self-check of one page against its frame file; returns the results. A two-axis
    frame file (every frame has `x`) must show the horizontal axis: the preview's horizontal
    indicator drawn from the frame's x, the readout's x, and the panels contentOffset.x and
    velocity.x, drawn, with the left and right edges (0 and max_offset_x)."""
    header, frames = read_frames(frames_path)
    two_axis = all('x' in frame for frame in frames)
    result = run.self_check(page)
    check(result['errors'] == [], f'{name}: errors in the page: {result["errors"]}')
    check(result['frameCount'] == len(frames), f'{name}: {result["frameCount"]} frames shown, '
          f'the file has {len(frames)}')
    check(result['preset'] == expected_preset,
          f'{name}: preview drew {result["preset"]}, expected {expected_preset}')
    hashes = {}
    for c in result['checks']:
        k = c['requested']
        frame = frames[k]
        check(c['frame'] == k and c['drawnFrame'] == k,
              f'{name}: scrubber at {k}: the page is at frame {c["frame"]}, drew {c["drawnFrame"]}')
        check(c['offset'] == frame['offset'],
              f'{name}: frame {k}: preview drew offset {c["offset"]}, file {frame["offset"]}')
        check(c['values'], f'{name}: frame {k}: the preview drew no output')
        for output, value in c['values'].items():
            check(frame['outputs'][output] == value,
                  f'{name}: frame {k}: preview drew {output} = {value}, file '
                  f'{frame["outputs"][output]}')
        check(f'frame {frame["frame"]} ' in c['readout'], f'{name}: readout {c["readout"]!r}')
        if two_axis:
            check(c.get('offsetX') == frame['x'],
                  f'{name}: frame {k}: preview drew x {c.get("offsetX")}, file {frame["x"]}')
            check(f'contentOffset (x {frame["x"]:.1f}, y ' in c['readout'],
                  f'{name}: frame {k}: readout {c["readout"]!r} lacks x {frame["x"]:.1f}')
        else:
            check('offsetX' not in c, f'{name}: a one-axis page drew an x offset')
        key = (frame['offset'], tuple(sorted(frame['outputs'].items())))
        hashes.setdefault(key, set()).add(c['hash'])
    # Frames drawn from different offsets and values must look different.
    distinct = {min(h) for h in hashes.values()}
    check(len(distinct) == len(hashes),
          f'{name}: {len(hashes)} different frames drew only {len(distinct)} different previews')
    # The panels: one-axis pages as before; two-axis pages add x's offset and velocity below
    # y's, each drawn (pixels of its series' colour), the x offset's edges at 0 and maxOffsetX.
    titles = [p['title'] for p in result['panels']]
    motion = (['contentOffset.y (pt)', 'velocity.y (pt/s)', 'contentOffset.x (pt)',
               'velocity.x (pt/s)'] if two_axis else ['contentOffset (pt)', 'velocity (pt/s)'])
    check(titles[:len(motion)] == motion, f'{name}: panels {titles}, expected {motion} first')
    for panel in result['panels'][:len(motion)]:
        check(panel['ink'] > 100, f'{name}: panel {panel["title"]} has {panel["ink"]} pixels of '
              f'its series: drawn empty')
    if two_axis:
        x_panel = result['panels'][2]
        check(x_panel['edges'] == [0, max_offset_x],
              f'{name}: contentOffset.x edges {x_panel["edges"]}, expected [0, {max_offset_x}]')
        xs = [frame['x'] for frame in frames]
        check(x_panel['lo'] <= min(xs) and x_panel['hi'] >= max(xs),
              f'{name}: contentOffset.x axis {x_panel["lo"]}…{x_panel["hi"]} misses the run\'s '
              f'{min(xs)}…{max(xs)}')
    # Every chart fits its window's values inside its panel, below the title band (the title's
    # white box would hide a peak drawn there).
    for window, fits in (('the whole run', result['fit']), ('a zoomed window', result['fitZoomed'])):
        for fit in fits:
            check(fit['top'] >= result['titleBand'] - 0.5 and fit['bottom'] >= -0.5,
                  f'{name}: {window}: {fit["title"]} is drawn outside its panel or under its '
                  f'title (axis {fit["lo"]:g}…{fit["hi"]:g}; highest value {fit["top"]:.1f} px '
                  f'below the top, lowest {fit["bottom"]:.1f} px above the bottom)')
    zoom = result['zoom']
    span = zoom['before'][1] - zoom['before'][0]
    check(zoom['zoomed'][1] - zoom['zoomed'][0] < 0.9 * span, f'{name}: the wheel did not zoom')
    check(zoom['reset'] == zoom['before'], f'{name}: reset zoom gave {zoom["reset"]}')
    pan = result['pan']
    check(pan['after'][0] > pan['before'][0] and
          abs((pan['after'][1] - pan['after'][0]) - (pan['before'][1] - pan['before'][0])) < 1e-9,
          f'{name}: dragging left did not pan to later times: {pan}')
    click = result['click']
    frame_time = 1 / (header['refreshRate'] or 60)
    check(click['t'] <= click['at'] + 1e-9 and click['at'] - click['t'] <= 2 * frame_time,
          f'{name}: a click at {click["at"]} s moved the playhead to {click["t"]} s')
    # Real speed, and slowed down: the frame shown after `elapsed` seconds of the page's clock
    # is the last at or before elapsed x speed (two frames of slack: the click and the clock
    # reading are not at the same instant).
    for play in (result['play'], result['slow']):
        expected = play['elapsed'] * play['speed']
        check(play['frame'] > 0, f'{name}: play at {play["speed"]}x did not advance')
        check(abs(play['t'] - frames[0]['t'] - expected) <= 2 * frame_time,
              f'{name}: played {play["t"]} s in {play["elapsed"]} s at {play["speed"]}x')
    check(result['slow']['t'] < result['play']['t'],
          f'{name}: 0.25x played as far as 1x: {result["slow"]} {result["play"]}')
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--scrollsim', default=os.path.join(ROOT, '.build/debug/scrollsim'))
    parser.add_argument('--chromium', default=shutil.which('chromium') or shutil.which('chromium-browser'))
    parser.add_argument('--record', action='store_true', help='write the golden PNG')
    parser.add_argument('--keep', help='keep the pages and screenshots in this folder')
    options = parser.parse_args()
    if not options.chromium:
        print('report_browser_test: chromium not found (apt-get install chromium)', file=sys.stderr)
        return 2
    if not os.access(options.scrollsim, os.X_OK):
        print(f'report_browser_test: {options.scrollsim} not built (swift build)', file=sys.stderr)
        return 2
    folder = options.keep or tempfile.mkdtemp(prefix='scrollsim-report-')
    os.makedirs(folder, exist_ok=True)
    run = Run(options.scrollsim, options.chromium, folder)
    passed = 0
    try:
        cases = [
            ('gesture-05 apple-music', 'traces/swipe-shield/gesture-05.jsonl',
             ['--effect', 'apple-music'], 'apple-music'),
            ('session apple-music', 'traces/swipe-shield/session.jsonl',
             ['--effect', 'apple-music'], 'apple-music'),
            ('gesture-05 stretchy-profile (a user spec)', 'traces/swipe-shield/gesture-05.jsonl',
             ['--effects', 'effects/examples/stretchy-profile.json'], 'generic'),
            # Two axes (format v4): maxOffsetX = contentWidth 1179 - viewportWidth 393 = 786.
            ('photo-pan apple-music (two axes)', 'traces/examples/photo-pan.jsonl',
             ['--effect', 'apple-music'], 'apple-music', 786),
        ]
        pages = {}
        for number, (name, trace, effect, preset, *max_offset_x) in enumerate(cases):
            frames = os.path.join(folder, f'frames-{number}.jsonl')
            page = os.path.join(folder, f'report-{number}.html')
            run.scrollsim_run('replay', trace, *effect, '--summary-only', '--out', frames)
            run.scrollsim_run('report', frames, '--out', page, *effect)
            result = check_page(run, name, frames, page, preset, *max_offset_x)
            pages[name] = (page, result)
            passed += 1
            print(f'ok: {name}: self-check ({len(result["checks"])} scrubber positions, zoom, pan, '
                  f'click, play at 1x and 0.25x)')

        # The screenshot at a fixed frame against the golden.
        page, result = pages['gesture-05 apple-music']
        rect = result['previewRect']
        x, y, w, h = (round(rect['x']), round(rect['y']), round(rect['width']),
                      round(rect['height']))
        shot = run.screenshot(page, f'frame={GOLDEN_FRAME}', 'gesture-05-frame.png')
        actual = crop(read_png(shot, rows=y + h), x, y, w, h)
        golden_path = os.path.join(HERE, f'golden-gesture-05-apple-music-frame-{GOLDEN_FRAME}.png')
        if options.record or not os.path.exists(golden_path):
            if not options.record:
                raise Failure(f'no golden {golden_path}: run with --record to write it')
            write_png(golden_path, *actual)
            print(f'recorded {golden_path}')
        golden = read_png(golden_path)
        fraction = differing_fraction(actual, golden)
        if fraction > PIXEL_FRACTION:
            write_png(os.path.join(folder, 'actual-preview.png'), *actual)
            raise Failure(f'screenshot at frame {GOLDEN_FRAME}: {fraction:.2%} of the preview '
                          f'differs from {golden_path} (tolerance {PIXEL_FRACTION:.0%}); actual '
                          f'in {folder}/actual-preview.png')
        passed += 1
        print(f'ok: screenshot at frame {GOLDEN_FRAME} matches the golden ({fraction:.2%} of '
              f'pixels differ, tolerance {PIXEL_FRACTION:.0%})')
        # Negative control: another frame must not pass as this one.
        other = run.screenshot(page, 'frame=100', 'gesture-05-other.png')
        other_fraction = differing_fraction(crop(read_png(other, rows=y + h), x, y, w, h), golden)
        check(other_fraction > 3 * PIXEL_FRACTION,
              f'frame 100 differs from the golden of frame {GOLDEN_FRAME} by only '
              f'{other_fraction:.2%}: the comparison cannot tell frames apart')
        passed += 1
        print(f'ok: frame 100 is told apart from the golden ({other_fraction:.2%} differ)')
        # A screenshot of the session, kept with --keep for people to look at.
        run.screenshot(pages['session apple-music'][0], 't=2.1', 'session.png')
    except Failure as failure:
        print(f'FAIL: {failure}', file=sys.stderr)
        return 1
    finally:
        if not options.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f'report browser tests: {passed} passed, 0 failed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
