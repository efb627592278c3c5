#!/usr/bin/env python3
"""Drives reports/explore.html in headless Chromium with real key presses.

Chromium's DevTools protocol over --remote-debugging-pipe (fd 3: commands in,
fd 4: replies out, each message JSON ending in a NUL byte); nothing but the
Python standard library.

    explore-drive.py check BROWSER REPORTS_DIR [--one-size]
        At 400 x 850 and 1920 x 1080: chooses every approach and every board
        with the arrow keys on the lists, steps with -> (focus left on the
        list), and checks, against the trace files themselves
        (REPORTS_DIR/data/traces): the counters after some events, the
        end-of-trace message after End, the per-approach panels, that the
        board fits the screen with the controls next to it; then that ->
        steps and space plays with the focus on the speed slider, and that
        bad addresses are named on the page (a malformed % escape too); then
        issue 37's bugs and rough edges as a reader met them (`regressions`:
        a first-solution run's end names its first solution, side by side
        counts weights, lists an approach beside itself, re-fits on resize,
        footer and notes; the address follows the page and a reload restores
        it; the phone layout; disabled solution and dead-end buttons; list
        comprehension's dead ends; arc consistency's free squares; mrv's
        ties; the course links); then the live form and trace files
        (`live_controls`: unrecorded runs made by keys, stepped, their
        traces byte for byte those of `queens --trace -`, which it runs:
        $QUEENS_BIN, else built with cargo; the address re-running a run on
        reload; a refusal, a cancelled run, a truncated file and a file that
        is not a trace each one line with the page as it was; a file by the
        picker and by a drop). Fails on any console message,
        uncaught error or network request. With --one-size, only the first
        board of each approach (the other sizes replay the same code with
        other traces): about a fifth of the time, for `cargo test`.
    explore-drive.py screens BROWSER REPORTS_DIR
        Writes REPORTS_DIR/screens/*.png, the views the course shows.

Exit status 1 with one line per problem on stderr when a check fails.
"""

import base64
import fcntl
import json
import os
import re
import subprocess
import sys
import time
from urllib.parse import quote as url_quote

STEPS_CHECKED = 25          # events stepped with -> before the counters are compared
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Browser:
    """One headless Chromium and one page, over the DevTools pipe."""

    def __init__(self, binary, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # Above 4, so that moving them onto 3 and 4 cannot close one another.
        to_child_r, from_child_w = (self._high(fd) for fd in (to_child_r, from_child_w))
        # The child gets our pipe ends as its fd 3 (commands) and fd 4 (replies).
        script = 'exec "$0" "$@" 3<&%d 4>&%d %d<&- %d>&-' % (to_child_r, from_child_w, to_child_r, from_child_w)
        self.proc = subprocess.Popen(
            ['bash', '-c', script, binary, '--headless', '--no-sandbox', '--disable-gpu',
             '--disable-quic', '--no-first-run', '--disable-background-networking',
             '--disable-component-update', '--disable-sync', '--hide-scrollbars',
             '--font-render-hinting=none', '--remote-debugging-pipe',
             '--user-data-dir=' + profile, 'about:blank'],
            pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b''
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call('Target.getTargets')['targetInfos']
        page = next(t for t in targets if t['type'] == 'page')
        self.session = self.call('Target.attachToTarget', targetId=page['targetId'], flatten=True)['sessionId']
        for domain in ('Page', 'Runtime', 'Log', 'Network'):
            self.call(domain + '.enable')

    @staticmethod
    def _high(fd):
        high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
        os.close(fd)
        return high

    def close(self):
        try:
            self.call('Browser.close', session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()

    def _read(self):
        while b'\0' not in self.buffer:
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError('chromium closed the DevTools pipe')
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b'\0', 1)
        return json.loads(raw)

    def call(self, method, session=True, **params):
        self.next_id += 1
        message = {'id': self.next_id, 'method': method, 'params': params}
        if session and self.session:
            message['sessionId'] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b'\0')
        while True:
            reply = self._read()
            if reply.get('id') == self.next_id:
                if 'error' in reply:
                    raise RuntimeError('%s: %s' % (method, reply['error'].get('message')))
                return reply.get('result', {})
            if 'method' in reply:
                self.events.append(reply)

    def js(self, expression):
        result = self.call('Runtime.evaluate', expression=expression, returnByValue=True)
        if 'exceptionDetails' in result:
            raise RuntimeError('evaluating %s: %s' % (expression, result['exceptionDetails'].get('text')))
        return result['result'].get('value')

    def size(self, width, height):
        self.call('Emulation.setDeviceMetricsOverride', width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)

    def open(self, url):
        self.call('Page.navigate', url=url)
        for _ in range(400):
            if self.js("document.readyState === 'complete' && !!document.getElementById('explorer') && "
                       "document.getElementById('explorer').dataset.ready === '1'"):
                return
            time.sleep(0.025)
        raise RuntimeError('the page did not get ready: ' + url)

    KEYS = {
        'ArrowRight': 39, 'ArrowLeft': 37, 'ArrowDown': 40, 'ArrowUp': 38, 'Home': 36, 'End': 35,
        ' ': 32, 'Tab': 9, 's': 83, 'd': 68, 'Enter': 13, 'm': 77, "'": 222,
    }

    def key(self, name, shift=False):
        """One real key press: keyDown (with its text for printable keys), then keyUp."""
        code = self.KEYS[name]
        down = {'type': 'keyDown' if len(name) == 1 else 'rawKeyDown', 'key': name,
                'windowsVirtualKeyCode': code, 'nativeVirtualKeyCode': code,
                'code': {' ': 'Space', 's': 'KeyS', 'd': 'KeyD', 'm': 'KeyM', "'": 'Quote'}.get(name, name),
                'modifiers': 8 if shift else 0}
        if len(name) == 1:
            down['text'] = name
        if name == 'Enter':
            down['type'], down['text'] = 'keyDown', '\r'
        self.call('Input.dispatchKeyEvent', **down)
        up = dict(down, type='keyUp')
        up.pop('text', None)
        self.call('Input.dispatchKeyEvent', **up)

    def problems(self):
        """Console messages, uncaught exceptions and network requests seen so far."""
        out = []
        for e in self.events:
            m, p = e['method'], e.get('params', {})
            if m == 'Runtime.consoleAPICalled':
                args = ' '.join(str(a.get('value', a.get('description', ''))) for a in p.get('args', []))
                out.append('console.%s: %s' % (p.get('type'), args))
            elif m == 'Runtime.exceptionThrown':
                d = p.get('exceptionDetails', {})
                out.append('uncaught: %s %s' % (d.get('text'), d.get('exception', {}).get('description', '')))
            elif m == 'Log.entryAdded' and p['entry'].get('level') in ('error', 'warning'):
                out.append('log %s: %s' % (p['entry']['level'], p['entry'].get('text')))
            elif m == 'Network.requestWillBeSent':
                url = p['request']['url']
                # blob: the engine's worker (live.js), made in the page.
                if not url.startswith(('file:', 'data:', 'about:', 'blob:')):
                    out.append('network request: ' + url)
        self.events = []
        return out



def quote(text):
    """JavaScript's encodeURIComponent."""
    return url_quote(text, safe="-_.!~*'()")

# --- the traces, replayed here from their JSON Lines ---------------------------

def load_traces(reports):
    folder = os.path.join(reports, 'data', 'traces')
    with open(os.path.join(folder, 'index.json')) as f:
        index = json.load(f)
    traces = {}
    for entry in index:
        with open(os.path.join(folder, entry['file'])) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        key = (entry['approach'], entry['n'], entry['mode'], entry['seed'], entry.get('knobs') or '')
        traces[key] = {'start': lines[0], 'body': lines[1:-1], 'end': lines[-1], 'file': entry['file']}
    return traces


def replay(trace, k):
    """What the first k events of a trace add up to, counted here."""
    step = trace['start'].get('step')
    n = trace['start']['n']
    s = {'steps': 0, 'dead_ends': 0, 'solutions': 0, 'queens': [], 'cand': None, 'kept': 0,
         'partial': None, 'per_len': {}, 'restarts': 0, 'moved': 0, 'stays': 0}
    for e in trace['body'][:k]:
        kind = e['event']
        if kind == step:
            s['steps'] += 1
        if kind == 'place':
            s['queens'].append((e['row'], e['col']))
        elif kind == 'remove':
            s['queens'].remove((e['row'], e['col']))
        elif kind == 'dead-end':
            s['dead_ends'] += 1
        elif kind == 'solution':
            s['solutions'] += e.get('weight') or 1
        elif kind == 'candidate':
            s['cand'] = e['cols']
            s['kept'] += 1 if e['ok'] else 0
        elif kind == 'partial':
            s['partial'] = e['list']
            s['per_len'][len(e['list'])] = s['per_len'].get(len(e['list']), 0) + 1
            s['kept'] += 1 if len(e['list']) == n else 0
        elif kind == 'pair':
            s['kept'] += (e.get('weight') or 1) if e['ok'] else 0
        elif kind == 'move':
            s['moved' if e['from'] != e['to'] else 'stays'] += 1
        elif kind == 'restart':
            s['restarts'] += 1
            s['queens'] = []  # a placement search abandons its board (mrv-tuned)
    return s


def first_solution(trace):
    """(events up to and including it, the board's columns by row or None) of a
    trace's first solution, as the events say it; None when it has none."""
    n = trace['start']['n']
    queens = []
    for k, e in enumerate(trace['body']):
        kind = e['event']
        if kind == 'place':
            queens.append((e['row'], e['col']))
        elif kind == 'remove':
            queens.remove((e['row'], e['col']))
        elif kind == 'restart':
            queens = []
        elif kind == 'solution':
            return k + 1, tuple(c for _, c in sorted(queens))
        elif kind == 'candidate' and e['ok']:
            return k + 1, tuple(e['cols'])
        elif kind == 'partial' and len(e['list']) == n:
            return k + 1, tuple(reversed(e['list']))
        elif kind == 'pair' and e['ok']:
            return k + 1, None
    return None


def tuple_text(cols):
    return '(' + ', '.join(map(str, cols)) + ')'


def free_squares(n, queens):
    """Safe squares of the next row of a row-by-row board."""
    row = len(queens) + 1
    if row > n:
        return 0
    return sum(1 for c in range(1, n + 1)
               if all(c != qc and abs(c - qc) != row - qr for qr, qc in queens))


def about_seeds():
    seeds, current = {}, None
    with open(os.path.join(ROOT, 'xtask', 'assets', 'explore', 'approaches.txt')) as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('## '):
                current = line[3:].strip()
            elif current and line.startswith('seed: '):
                seeds[current] = line[len('seed: '):].strip()
    return seeds


# --- the checks -----------------------------------------------------------------

STATE_JS = """(function () {
  var root = document.getElementById('explorer'), d = root.dataset;
  function text(sel) { var e = document.querySelector(sel); return e ? e.textContent : null; }
  function attr(sel, name) { var e = document.querySelector(sel); return e ? e.getAttribute(name) : null; }
  function box(sel) { var e = document.querySelector(sel); if (!e) return null;
    var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
  return {
    algo: d.algo, n: +d.n, mode: d.mode, seed: d.seed === '' ? null : +d.seed, knobs: d.knobs || '', event: +d.event,
    events: +d.events, finished: d.finished, panels: d.panels || '', jump: d.jump, notes: +(d.notes || 0),
    focus: document.activeElement ? document.activeElement.id : '',
    count: {
      event: text('#count-event'), steps: text('#count-steps'), deadEnds: text('#count-deadEnds'),
      solutions: text('#count-solutions'), level: text('#count-level'), atLevel: text('#count-atLevel'),
      moved: text('#count-moved'), h: text('#count-pairs')
    },
    stepsLabel: (function () { var e = document.getElementById('count-steps'); return e ? e.previousSibling.textContent : null; })(),
    hLabel: (function () { var e = document.getElementById('count-pairs'); return e ? e.previousSibling.textContent : null; })(),
    finish: document.getElementById('finish').hidden ? null : text('#finish'),
    notice: document.getElementById('notice').hidden ? null : text('#notice'),
    errors: +document.getElementById('page-errors').getAttribute('data-count'),
    about: { title: text('[data-panel="about"] h2'), seed: text('[data-panel="about"] [data-fact="seed-file"]') },
    freeBits: document.querySelectorAll('[data-panel="bits"] .bit.on.free').length,
    bitsShown: !!document.querySelector('[data-panel="bits"] .bits'),
    listLevel: attr('[data-panel="lists"] li.current', 'data-level'),
    listMade: attr('[data-panel="lists"] li.current', 'data-made'),
    kept: attr('[data-panel="perms"] [data-kept]', 'data-kept'),
    tested: attr('[data-panel="perms"] [data-kept]', 'data-tested'),
    odometer: attr('[data-panel="odometer"] .odometer', 'data-candidate'),
    string: attr('[data-panel="string"] [data-string]', 'data-string'),
    column0: Array.prototype.map.call(document.querySelectorAll('[data-panel="attack-table"] td[data-rc$=",0"]'),
      function (e) { return +e.textContent; }),
    speed: document.getElementById('speed').value, algoValue: document.getElementById('algo').value,
    playing: document.getElementById('play').getAttribute('aria-pressed'),
    width: window.innerWidth, height: window.innerHeight, scrollWidth: document.documentElement.scrollWidth,
    board: box('#board'), next: box('#next'), boardHidden: document.getElementById('board').hidden
  };
})()"""


class Checker:
    def __init__(self, browser, traces, titles, seeds, units=None):
        self.b, self.traces, self.titles, self.seeds = browser, traces, titles, seeds
        self.units = units or {}
        self.failures = []
        self.checked = 0

    def fail(self, where, what):
        self.failures.append('%s: %s' % (where, what))

    def state(self):
        return self.b.js(STATE_JS)

    def tab_to(self, element_id, shift=False):
        for _ in range(30):
            if self.b.js('document.activeElement && document.activeElement.id') == element_id:
                return True
            self.b.key('Tab', shift=shift)
        return False

    def trace_of(self, st):
        return self.traces.get((st['algo'], st['n'], st['mode'], st['seed'], st['knobs']))

    def layout(self, where, st, width):
        # Against the width asked for: a phone's viewport widens to fit a page too wide for it.
        if st['scrollWidth'] > width or st['width'] > width:
            self.fail(where, 'the page is %d px wide in a %d px window' % (max(st['scrollWidth'], st['width']), width))
        if st['boardHidden']:
            return
        left, top, right, bottom = st['board']
        if right > st['width'] + 0.5 or left < -0.5:
            self.fail(where, 'the board (%d to %d px) leaves the %d px screen' % (left, right, st['width']))
        gap = st['next'][1] - bottom
        if not 0 <= gap <= 140:
            self.fail(where, 'the playback buttons are %d px from the board' % gap)
        if width >= 1920 and st['next'][3] > st['height']:
            self.fail(where, 'the playback buttons are below the screen (at %d px of %d)' % (st['next'][3], st['height']))

    def counters(self, where, st, trace, k):
        want = replay(trace, k)
        n = trace['start']['n']
        if st['event'] != k:
            self.fail(where, 'after %d presses of -> the page is at event %d' % (k, st['event']))
            return
        if st['count']['event'] != '%d of %d' % (k, len(trace['body'])):
            self.fail(where, 'the event counter says %r' % st['count']['event'])
        if st['count']['steps'] is not None and st['count']['steps'] != str(want['steps']):
            self.fail(where, 'the step counter says %s after %d events, the trace has %d' % (st['count']['steps'], k, want['steps']))
        # The step counter is labelled with the approach's unit (queens' own), and counts what queens counts.
        unit = self.units.get(trace['start']['algo'])
        if st['count']['steps'] is not None and unit and unit not in (st['stepsLabel'] or ''):
            self.fail(where, 'the step counter is labelled %r, not with queens\' unit %r' % (st['stepsLabel'], unit))
        # A local search: the queens that really moved beside the steps, and h.
        local = trace['body'] and trace['body'][0]['event'] in ('init', 'board')
        if local and any(e['event'] == 'move' and e['from'] == e['to'] for e in trace['body']):
            if st['count']['moved'] != str(want['moved']):
                self.fail(where, 'the queens-moved counter says %s, the trace moved %d queens (and %d stayed)' % (
                    st['count']['moved'], want['moved'], want['stays']))
        if local and st['count']['h'] is not None and not (st['hLabel'] or '').startswith('h'):
            self.fail(where, 'no h counter: the attacking pairs are labelled %r' % st['hLabel'])
        if st['count']['deadEnds'] is not None and st['count']['deadEnds'] != str(want['dead_ends']):
            self.fail(where, 'the dead-end counter says %s, the trace has %d' % (st['count']['deadEnds'], want['dead_ends']))
        family_solutions = want['solutions'] if trace['body'] and trace['body'][0]['event'] in ('place', 'dead-end') else want['kept']
        if st['count']['solutions'] is not None and trace['body'][0]['event'] not in ('init', 'board') \
                and st['count']['solutions'] != str(family_solutions):
            self.fail(where, 'the solutions counter says %s, the trace has %d' % (st['count']['solutions'], family_solutions))
        if want['partial'] is not None:
            length = len(want['partial'])
            if st['count']['level'] != str(length) or st['count']['atLevel'] != str(want['per_len'][length]):
                self.fail(where, 'the level counters say %s and %s, the trace is at list %d of length %d' % (
                    st['count']['level'], st['count']['atLevel'], want['per_len'][length], length))
            if st['listLevel'] != str(length) or st['listMade'] != str(want['per_len'][length]):
                self.fail(where, 'the lists panel shows level %s with %s lists' % (st['listLevel'], st['listMade']))
        algo = trace['start']['algo']
        queens = want['queens']
        if 'bits' in st['panels'].split() and st['bitsShown'] and st['freeBits'] != free_squares(n, queens):
            self.fail(where, 'the bits panel lights %d free columns, the next row has %d safe squares' % (
                st['freeBits'], free_squares(n, queens)))
        if algo == 'string-regex':
            string = ''.join(chr(47 + c) for _, c in reversed(queens))
            if st['string'] != string:
                self.fail(where, 'the string panel shows %r, the queens make %r' % (st['string'], string))
        if algo == 'attack-board':
            cols = dict(queens)
            want0 = [0] + [cols.get(r, 0) for r in range(1, n + 1)]
            if st['column0'] != want0:
                self.fail(where, 'column 0 of B is %s, the queens say %s' % (st['column0'], want0))
        if algo.startswith('permutations') and (st['kept'], st['tested']) != (str(want['kept']), str(want['steps'])):
            self.fail(where, 'the permutations panel says %s kept of %s tested, the trace %d of %d' % (
                st['kept'], st['tested'], want['kept'], want['steps']))
        if algo == 'generate-and-test' and st['odometer'] != ','.join(map(str, want['cand'] or [])):
            self.fail(where, 'the odometer shows %s, the candidate is %s' % (st['odometer'], want['cand']))

    def finish(self, where, st, trace):
        end = trace['end']
        if st['event'] != len(trace['body']) or st['finished'] != '1' or not st['finish']:
            self.fail(where, 'End does not reach a marked end (event %d, finish %r)' % (st['event'], st['finish']))
            return
        text = st['finish']
        if 'finished' not in text:
            self.fail(where, 'the end message does not say the search finished: %r' % text)
        sols = end['solutions']
        local = trace['body'] and trace['body'][0]['event'] in ('init', 'board')
        if local:
            ok = ('found a solution' in text) if sols > 0 else ('without a solution' in text)
        elif trace['start']['mode'] == 'count':
            ok = (str(sols) in text) if sols > 1 else ('one solution' in text if sols == 1 else 'no solution' in text)
        else:
            ok = 'first solution' in text if sols > 0 else 'no solution' in text
            first = first_solution(trace) if sols > 0 else None
            if first and first[1] and tuple_text(first[1]) not in text:
                self.fail(where, 'the end message %r does not name the first solution the trace found, %s (event %d)' % (
                    text, tuple_text(first[1]), first[0]))
        if not ok:
            self.fail(where, 'the end message %r does not match the end line (%d solutions)' % (text, sols))

    def one_trace(self, where, width):
        st = self.state()
        trace = self.trace_of(st)
        if trace is None:
            self.fail(where, 'shows %s n=%s %s, which has no trace file' % (st['algo'], st['n'], st['mode']))
            return
        where = '%s %s n=%d %s' % (where, st['algo'], st['n'], st['mode'])
        if st['about']['title'] != self.titles.get(st['algo']):
            self.fail(where, 'the about panel is titled %r, the registry says %r' % (st['about']['title'], self.titles.get(st['algo'])))
        if st['about']['seed'] != self.seeds.get(st['algo']):
            self.fail(where, 'the about panel names seed %r, approaches.txt %r' % (st['about']['seed'], self.seeds.get(st['algo'])))
        self.layout(where, st, width)
        if st['event'] != 0:
            self.b.key('Home')
        k = min(STEPS_CHECKED, len(trace['body']))
        for _ in range(k):
            self.b.key('ArrowRight')
        st = self.state()
        self.counters(where, st, trace, k)
        self.b.key('End')
        st = self.state()
        self.finish(where, st, trace)
        self.b.key('Home')
        self.b.key('ArrowLeft')
        st = self.state()
        if st['event'] != 0 or st['finished'] != '0':
            self.fail(where, 'Home then <- leaves the page at event %d' % st['event'])
        self.checked += 1

    def every_approach(self, url, width, height, one_size=False):
        label = '%dx%d' % (width, height)
        self.b.size(width, height)
        self.b.open(url)
        if not self.tab_to('algo'):
            self.fail(label, 'Tab never reaches the approach list')
            return
        algos = self.b.js("Array.prototype.map.call(document.querySelectorAll('#algo option'), function (o) { return o.value; })")
        for i, algo in enumerate(algos):
            if i:
                self.tab_to('algo', shift=True)
                self.b.key('ArrowDown')
            st = self.state()
            if st['algo'] != algo:
                self.fail(label, 'ArrowDown on the approach list shows %s, not %s' % (st['algo'], algo))
                continue
            self.b.key('ArrowRight')
            st = self.state()
            if st['algoValue'] != algo or st['event'] != 1:
                self.fail(label + ' ' + algo, '-> with the focus on the approach list did not step (list %s, event %d)' % (
                    st['algoValue'], st['event']))
            self.tab_to('size')
            sizes = self.b.js("document.getElementById('size').options.length")
            for _ in range(self.b.js("document.getElementById('size').selectedIndex")):
                self.b.key('ArrowUp')
            for j in range(1 if one_size else sizes):
                if j:
                    self.b.key('ArrowDown')
                self.one_trace(label, width)
        for p in self.b.problems():
            self.fail(label, p)

    def slider_and_space(self, url):
        self.b.size(1920, 1080)
        self.b.open(url + '#algo=attack-board&n=6&mode=count')
        self.b.key('ArrowRight')
        if not self.tab_to('speed'):
            self.fail('speed', 'Tab never reaches the speed slider')
            return
        before = self.state()
        self.b.key('ArrowRight')
        self.b.key('ArrowRight')
        after = self.state()
        if after['speed'] != before['speed'] or after['event'] != before['event'] + 2:
            self.fail('speed', '-> on the speed slider moved it (%s to %s) or did not step (event %d to %d)' % (
                before['speed'], after['speed'], before['event'], after['event']))
        self.b.key(' ')
        if self.state()['playing'] != 'true':
            self.fail('speed', 'space on the speed slider does not play')
        self.b.key(' ')
        if self.state()['playing'] != 'false':
            self.fail('speed', 'space again does not pause')
        self.b.key('ArrowLeft')
        for p in self.b.problems():
            self.fail('speed', p)

    def bad_addresses(self, url):
        cases = [
            ('#algo=bitmsk&n=6', 'bitmask', 6, ['bitmsk']),
            ('#algo=attack-board&n=99', 'attack-board', None, ['n = 99']),
            ('#algo=attack-board&n=x4', 'attack-board', None, ['"x4"']),
            ('#algo=attack-board&n=4&event=100000', 'attack-board', 4, ['event = 100000']),
            ('#algo=attack-board&n=4&solution=7', 'attack-board', 4, ['solution = 7']),
            ('#algo=attack-board&n=4&colour=red', 'attack-board', 4, ['"colour"']),
        ]
        self.b.open(url)
        default = self.b.js("document.querySelector('#algo option').value")
        cases += [
            # A malformed % escape: that part named and left out, the rest read (issue 37, bug 2).
            ('#algo=bitmask&n=6%', 'bitmask', None, ['n=6%', 'malformed']),
            ('#event=%ZZ', default, None, ['event=%ZZ', 'malformed']),
            ('#algo=csp&n=8&mode=first&knobs=--order%2', 'csp', 8, ['knobs=--order%2', 'malformed']),
        ]
        for hash_, algo, n, words in cases:
            self.b.call('Page.navigate', url='about:blank')
            try:
                self.b.open(url + hash_)
            except RuntimeError as e:
                self.fail(hash_, str(e))
                continue
            st = self.state()
            if st['jump'] != 'adjusted' or not st['notice']:
                self.fail(hash_, 'the page does not say what it did not understand (data-jump %r)' % st['jump'])
                continue
            for w in words:
                if w not in st['notice']:
                    self.fail(hash_, 'the notice does not name %s: %r' % (w, st['notice']))
            if st['algo'] != algo or (n is not None and st['n'] != n):
                self.fail(hash_, 'shows %s n=%d instead of the nearest, %s n=%s' % (st['algo'], st['n'], algo, n))
        self.b.open(url + '#algo=attack-board&n=4&solution=2')
        st = self.state()
        if st['jump'] != 'ok' or st['notice']:
            self.fail('#algo=attack-board&n=4&solution=2', 'a good address shows a notice: %r' % st['notice'])
        # An empty approach is the default one; + in the knobs is a space.
        for hash_, algo, knobs in (('#algo=&n=4', default, None),
                                   ('#algo=csp&n=8&mode=first&knobs=--order+mrv+--propagate+forward', 'csp',
                                    '--order mrv --propagate forward')):
            self.b.call('Page.navigate', url='about:blank')
            self.b.open(url + hash_)
            st = self.state()
            if st['algo'] != algo or (knobs is not None and st['knobs'] != knobs) or st['notice']:
                self.fail(hash_, 'shows %s %r (notice %r), not %s %r' % (st['algo'], st['knobs'], st['notice'], algo, knobs))
        for p in self.b.problems():
            self.fail('addresses', p)


    def wait_for(self, expression, seconds=3.0):
        """Polls a JavaScript condition (the page's debounced address, a resize)."""
        for _ in range(int(seconds / 0.05)):
            if self.b.js(expression):
                return True
            time.sleep(0.05)
        return False

    def reload(self):
        self.b.js('window.__beforeReload = 1')
        self.b.call('Page.reload')
        for _ in range(400):
            if self.b.js("window.__beforeReload === undefined && document.readyState === 'complete' && "
                         "!!document.getElementById('explorer') && document.getElementById('explorer').dataset.ready === '1'"):
                return True
            time.sleep(0.025)
        return False

    def regressions(self, url):
        """Issue 37's bugs and rough edges, each as the reader met it."""
        self.b.size(1920, 1080)
        # 1. A first-solution run that tests every board names its first kept board, not its last.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#algo=permutations&n=7&mode=first&event=end')
        st = self.state()
        trace = self.trace_of(st)
        if trace:
            self.finish('permutations n=7 first', st, trace)
            if st['finish'] and '(1, 2, 3, 4, 5, 6, 7)' in st['finish']:
                self.fail('permutations n=7 first', 'the end message names the last board tested: %r' % st['finish'])
        # 3. Side by side, the Solutions counter counts as the sentence does (weights).
        for hash_ in ('#compare=bitmask-symmetric,bitmask&n=6&by=event', '#compare=half-join,bitmask&n=8'):
            self.b.call('Page.navigate', url='about:blank')
            self.b.open(url + hash_)
            self.b.key('End')
            for side in 'ab':
                got = self.b.js("(function () { var c = document.getElementById('compare'); return [c.getAttribute('data-%s-algo'), "
                                "c.getAttribute('data-%s-solutions'), document.querySelector('[data-side=\"%s\"] .compare-said').textContent, "
                                "document.querySelector('[data-side=\"%s\"] .compare-counters').textContent]; })()" % (side, side, side, side))
                n = int(hash_.split('n=')[1].split('&')[0])
                pool = [t for k, t in self.traces.items() if k[0] == got[0] and k[1] == n]
                if not pool:
                    self.fail(hash_, 'side %s shows %s, which has no trace at n = %d' % (side, got[0], n))
                    continue
                end = pool[0]['end']['solutions']
                if pool[0]['start']['mode'] == 'count':
                    said = '%d solution' % end
                    if got[1] != str(end) or said not in got[2] or ('Solutions' + str(end)) not in got[3]:
                        self.fail(hash_, 'at the end side %s (%s) counts %s solutions and says %r; its end line %d' % (
                            side, got[0], got[1], got[2], end))
        # Missing view: two recordings that answer different questions are said to.
        note = self.b.js("(function () { var e = document.getElementById('compare-same'); return e && !e.hidden ? e.textContent : ''; })()")
        if 'different questions' not in note:
            self.fail('#compare=half-join,bitmask&n=8', 'a count beside a first-solution run, and the page says %r' % note)
        # 4. An approach beside itself: both lists show it, and the page says so.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#compare=bitmask,bitmask&n=6')
        got = self.b.js("(function () { var c = document.getElementById('compare'), same = document.getElementById('compare-same'); "
                        "return [c.querySelectorAll('select')[0].value, c.querySelectorAll('select')[1].value, "
                        "same && !same.hidden ? same.textContent : '']; })()")
        if got[:2] != ['bitmask', 'bitmask'] or 'itself' not in got[2]:
            self.fail('#compare=bitmask,bitmask&n=6', 'the lists show %r and %r, the note %r' % tuple(got))
        # 5. Side by side, the boards re-fit when the window changes size, before any step.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#compare=bitmask,mrv&n=8&by=node&at=20')
        # Each board: its right edge, and its first square's width and height (a squeezed table keeps
        # its rows' height but narrows its columns: oblong squares).
        edges = ("Array.prototype.map.call(document.querySelectorAll('.compare-board'), function (t) { "
                 "var c = t.querySelector('td').getBoundingClientRect(); "
                 "return [Math.round(t.getBoundingClientRect().right), Math.round(c.width), Math.round(c.height)]; })")
        fit = "%s.every(function (b) { return b[0] <= %d && Math.abs(b[1] - b[2]) <= 2 && b[1] %s; })"
        for width, bigger in ((400, '> 0'), (1920, '> 30'), (700, '> 0')):
            self.b.size(width, 1000)
            if not self.wait_for(fit % (edges, width, bigger), 2.0):
                self.fail('#compare=bitmask,mrv&n=8&at=20', 'at %d px the boards do not re-fit (right edge, square width and '
                          'height of each: %s)' % (width, self.b.js(edges)))
        self.b.size(400, 850)
        # 7. The csp boards' list on a phone stays inside the screen.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#algo=csp&n=8&mode=first&knobs=--propagate%20arc')
        st = self.state()
        right = self.b.js("document.getElementById('size').getBoundingClientRect().right")
        if st['scrollWidth'] > 400 or st['width'] > 400 or right > 400.5:
            self.fail('csp at 400 px', 'the page is %d px wide, the board list ends at %d px' % (
                max(st['scrollWidth'], st['width']), right))
        # 6. The address follows the page: a new approach is a new entry, a step replaces it; a reload restores both.
        self.b.size(1920, 1080)
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#algo=attack-board&n=6&mode=count')
        self.tab_to('algo')
        self.b.key('ArrowDown')
        for _ in range(3):
            self.b.key('ArrowRight')
        st = self.state()
        follows = "location.hash.indexOf('algo=%s&') === 1 && /[&]event=%d$/.test(location.hash)"
        if not self.wait_for(follows % (st['algo'], 3)):
            self.fail('address', 'after choosing %s and 3 steps the address is %s' % (st['algo'], self.b.js('location.hash')))
        entries = self.b.js('history.length')
        self.b.key('ArrowRight')
        if not self.wait_for(follows % (st['algo'], 4)):
            self.fail('address', 'after a 4th step the address is %s' % self.b.js('location.hash'))
        if self.b.js('history.length') != entries:
            self.fail('address', 'a step added a history entry (%d, then %d)' % (entries, self.b.js('history.length')))
        if not self.reload():
            self.fail('address', 'the page did not reload')
        else:
            again = self.state()
            if (again['algo'], again['n'], again['event']) != (st['algo'], st['n'], 4) or again['notice']:
                self.fail('address', 'a reload shows %s n=%d event %d (notice %r), the screen showed %s n=%d event 4' % (
                    again['algo'], again['n'], again['event'], again['notice'], st['algo'], st['n']))
        # Rough edge: side by side, the footer lists the keys that work there and links to this moment.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#compare=bitmask,mrv&n=8&by=node&at=5')
        foot = self.b.js("(function () { var f = document.querySelector('footer'), out = []; "
                         "Array.prototype.forEach.call(f.querySelectorAll('p'), function (p) { if (!p.hidden) out.push(p.textContent); }); "
                         "var links = Array.prototype.filter.call(f.querySelectorAll('a'), function (a) { return a.offsetParent !== null; }) "
                         ".map(function (a) { return a.getAttribute('href'); }); return [out.join(' '), links]; })()")
        if 'next solution' in foot[0] or not foot[1] or any(h in ('#', '') or not h.endswith('at=5') for h in foot[1]):
            self.fail('side-by-side footer', 'the footer says %r and links to %s' % (foot[0], foot[1]))
        # Rough edge: on a phone the narration and counters are on the first screen, with the board and its buttons.
        self.b.size(400, 850)
        for hash_ in ('#algo=attack-board&n=8&event=12', '#algo=min-conflicts-random&n=8&event=3'):
            self.b.call('Page.navigate', url='about:blank')
            self.b.open(url + hash_)
            bottoms = self.b.js("['narration', 'counters'].map(function (id) { return Math.round(document.getElementById(id).getBoundingClientRect().bottom); })")
            if max(bottoms) > 850:
                self.fail(hash_ + ' at 400 px', 'the narration and counters end at %s px, below the 850 px screen' % bottoms)
            self.layout(hash_ + ' at 400 px', self.state(), 400)
        self.b.size(1920, 1080)
        # Rough edge: a link to the approach's course chapter and to the glossary, whose anchors exist.
        with open(os.path.join(os.path.dirname(url[len('file://'):]), 'course.html')) as f:
            anchors = set(re.findall(r'id="([^"]+)"', f.read()))
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url)
        for algo in self.b.js("Array.prototype.map.call(document.querySelectorAll('#algo option'), function (o) { return o.value; })"):
            self.b.js("location.hash = '#algo=%s'" % algo)
            if not self.wait_for("document.getElementById('explorer').dataset.algo === '%s'" % algo):
                self.fail('course links', '#algo=%s is not shown' % algo)
                continue
            for link in ('course-link', 'glossary-link'):
                href = self.b.js("(document.getElementById('%s') || {getAttribute: function () { return ''; }}).getAttribute('href')" % link)
                if not href or not href.startswith('course.html#') or href.split('#', 1)[1] not in anchors:
                    self.fail('course links', '%s: the %s goes to %r, not an anchor of course.html' % (algo, link, href))
        # Rough edge: next/previous solution and dead end disabled with nothing further that way.
        self.b.call('Page.navigate', url='about:blank')
        self.b.open(url + '#algo=attack-board&n=4&mode=count&event=end')
        buttons = ("['next-solution', 'prev-solution', 'next-dead-end', 'prev-dead-end'].map(function (id) { "
                   "return document.getElementById(id).disabled; })")
        if self.b.js(buttons) != [True, False, True, False]:
            self.fail('buttons at the end', 'next/previous solution, next/previous dead end disabled: %s' % self.b.js(buttons))
        self.b.key('Home')
        if self.b.js(buttons) != [False, True, False, True]:
            self.fail('buttons at the start', 'next/previous solution, next/previous dead end disabled: %s' % self.b.js(buttons))
        # Rough edge: with --propagate arc the board's free squares are the Domains panel's.
        self.b.open(url + '#algo=csp&n=8&mode=first&knobs=--propagate%20arc')
        compare_rows = ("(function () { var board = Array.prototype.map.call(document.querySelectorAll('#board td.free'), "
                        "function (e) { return e.textContent; }); var lab = document.querySelector('[data-panel=lab][data-domains], [data-panel=lab] [data-domains]'); "
                        "var dom = lab ? lab.getAttribute('data-domains').split(',') : []; "
                        "for (var r = 0; r < board.length; r++) if (board[r] !== '' && dom[r] !== '-' && board[r] !== dom[r]) "
                        "return [r + 1, board[r], dom[r]]; return null; })()")
        events = self.state()['events']
        for k in range(min(events, 60) + 1):
            if k:
                self.b.key('ArrowRight')
            bad = self.b.js(compare_rows)
            if bad:
                self.fail('csp --propagate arc n=8', 'at event %d row %d has %s free squares on the board, %s in the Domains panel' % (
                    k, bad[0], bad[1], bad[2]))
                break
        # Rough edge: mrv says when rows tie and how O'Keefe's table breaks the tie (the bottom row first).
        self.b.open(url + '#algo=mrv&n=6&mode=count')
        trace = self.trace_of(self.state())
        queens = []
        for k, e in enumerate(trace['body'][:80] if trace else []):
            self.b.key('ArrowRight')
            if e['event'] == 'remove':
                queens.remove((e['row'], e['col']))
            if e['event'] != 'place':
                continue
            room = {r: sum(1 for c in range(1, 7) if all(c != qc and abs(c - qc) != abs(r - qr) for qr, qc in queens))
                    for r in range(1, 7) if r not in dict(queens)}
            least = min(room.values())
            tied = sorted(r for r, v in room.items() if v == least)
            queens.append((e['row'], e['col']))
            text = self.b.js("document.getElementById('narration').textContent")
            if len(tied) > 1 and ('tie' not in text or not all(str(r) in text for r in tied)):
                self.fail('mrv n=6 event %d' % (k + 1), 'rows %s tie with %d free squares, the narration says %r' % (tied, least, text))
                break
            if len(tied) == 1 and 'tie' in text:
                self.fail('mrv n=6 event %d' % (k + 1), 'row %d alone has the fewest free squares, the narration says %r' % (tied[0], text))
                break
            if k == 0 and 'bottom row' not in text:
                self.fail('mrv n=6 event 1', 'the first tie does not say it goes to the bottom row: %r' % text)
        # Rough edge: list comprehension's dead ends (the tree marks them) have their button and key.
        self.b.open(url + '#algo=list-comprehension&n=6&mode=count')
        dead = "+(document.querySelector('.panel[data-dead-ends]') || {getAttribute: function () { return -1; }}).getAttribute('data-dead-ends')"
        if self.b.js("document.getElementById('next-dead-end').hidden"):
            self.fail('list-comprehension n=6', 'no dead-end button')
        else:
            self.b.key('d')
            st = self.state()
            here, narration = self.b.js(dead), self.b.js("document.getElementById('narration').textContent")
            self.b.key('ArrowLeft')
            before = self.b.js(dead)
            if st['event'] == 0 or not here > before or 'Dead end' not in narration:
                self.fail('list-comprehension n=6', 'd goes to event %d, where the tree counts %s dead ends (%s before) '
                          'and the narration says %r' % (st['event'], here, before, narration))
        for p in self.b.problems():
            self.fail('regressions', p)


    def new_views(self, url):
        """Issue 37's last views: side by side with each side's panels and csp
        settings and a warning between different questions, at 400 and 1920 px;
        a mark set and returned to, kept through the address and a reload; the
        live form's event cap; half-join's two half boards per pair."""
        b = self.b
        side_js = ("(function () { var c = document.getElementById('compare'), out = {}; if (!c) return null; "
                   "['a', 'b'].forEach(function (x) { var box = c.querySelector('[data-side=\"' + x + '\"]'); "
                   "out[x] = {algo: c.getAttribute('data-' + x + '-algo'), panels: c.getAttribute('data-' + x + '-panels'), "
                   "drawn: Array.prototype.map.call(box.querySelectorAll('.compare-panels .panel'), function (p) { return p.getAttribute('data-panel'); }).join(' '), "
                   "free: c.getAttribute('data-' + x + '-free'), h: c.getAttribute('data-' + x + '-h'), knobs: c.getAttribute('data-' + x + '-knobs'), "
                   "counters: box.querySelector('.compare-counters').textContent, rec: box.querySelector('.compare-rec').hidden ? null : "
                   "Array.prototype.map.call(box.querySelectorAll('.compare-rec option'), function (o) { return o.textContent; }), "
                   "attacked: box.querySelectorAll('.compare-board td.num').length, right: Math.round(box.getBoundingClientRect().right)}; }); "
                   "var same = document.getElementById('compare-same'); out.warning = same && !same.hidden ? same.textContent : ''; "
                   "out.ready = c.getAttribute('data-ready'); out.width = document.documentElement.scrollWidth; out.hash = location.hash; return out; })()")
        for width, height in ((400, 850), (1920, 1080)):
            where = 'side by side at %d px' % width
            b.size(width, height)
            # The csp lab beside mrv: each side its own panels (domains, room to move), board numbers and free squares.
            b.call('Page.navigate', url='about:blank')
            b.open(url + '#compare=csp,mrv&n=8&by=node&at=4')
            got = b.js(side_js)
            if not got or got['ready'] != '1':
                self.fail(where, 'the side-by-side view did not open: %r' % got)
                continue
            if 'lab' not in got['a']['drawn'].split() or 'room' not in got['b']['drawn'].split():
                self.fail(where, 'csp beside mrv draws the panels %r and %r' % (got['a']['drawn'], got['b']['drawn']))
            if got['a']['drawn'] != got['a']['panels'] or got['b']['drawn'] != got['b']['panels']:
                self.fail(where, 'the panels drawn (%r, %r) are not those named (%r, %r)' % (
                    got['a']['drawn'], got['b']['drawn'], got['a']['panels'], got['b']['panels']))
            if not got['a']['attacked'] or not got['b']['attacked'] or not got['a']['free'].strip(','):
                self.fail(where, 'the boards show no attack counts or free squares: %r' % got)
            if not got['a']['rec'] or len(got['a']['rec']) < 2 or got['b']['rec'] is not None:
                self.fail(where, 'csp should offer its recordings at n = 8, mrv none: %r, %r' % (got['a']['rec'], got['b']['rec']))
            if got['width'] > width or max(got['a']['right'], got['b']['right']) > width + 0.5:
                self.fail(where, 'the view is %d px wide, its sides end at %d and %d px' % (got['width'], got['a']['right'], got['b']['right']))
            if got['warning']:
                self.fail(where, 'two first-solution runs at n = 8 are warned about: %r' % got['warning'])
            # The other csp setting chosen on side a: the address names it, the lock-step stays.
            before = got['a']['knobs']
            b.js("(function () { var s = document.getElementById('compare-rec-a'); s.selectedIndex = 1 - s.selectedIndex; "
                 "s.dispatchEvent(new Event('change')); })()")
            if not self.wait_for("document.getElementById('compare').getAttribute('data-a-knobs') !== %s" % json.dumps(before)):
                self.fail(where, 'choosing the other csp recording left side a at %r' % before)
            got = b.js(side_js)
            knobs = got['a']['knobs']
            if 'knobs-a=' + quote(knobs) not in got['hash'] or not got['hash'].endswith('&at=4'):
                self.fail(where, 'the address %r does not name side a\'s setting %r at lock-step 4' % (got['hash'], knobs))
            b.call('Page.navigate', url='about:blank')
            b.open(url + '#compare=csp,csp&n=8&knobs-a=%s&knobs-b=%s' % (quote(knobs), quote(before)))
            got = b.js(side_js)
            if (got['a']['knobs'], got['b']['knobs']) != (knobs, before):
                self.fail(where, 'csp beside csp with knobs-a=%r, knobs-b=%r shows %r and %r' % (knobs, before, got['a']['knobs'], got['b']['knobs']))
            # Local searches: h on each side, as the board's pairs count it.
            b.call('Page.navigate', url='about:blank')
            b.open(url + '#compare=min-conflicts-random,hill-climbing&n=8&by=event&at=1')
            got = b.js(side_js)
            for x in 'ab':
                if not got[x]['h'] or 'h: attacking pairs' + got[x]['h'] not in got[x]['counters'] or 'local' not in got[x]['drawn'].split():
                    self.fail(where, '%s side by side: h %r, counters %r, panels %r' % (got[x]['algo'], got[x]['h'], got[x]['counters'], got[x]['drawn']))
            # A count beside a first-solution run: warned.
            b.call('Page.navigate', url='about:blank')
            b.open(url + '#compare=bitmask,half-join&n=6')
            got = b.js(side_js)
            if 'bitmask' in got['a']['algo'] and 'different questions' in got['warning']:
                self.fail(where, 'two counts at n = 6 are warned about: %r' % got['warning'])
        b.size(1920, 1080)
        # A mark: m marks, ' returns, the address keeps it, a reload too, and the button returns as well.
        where = 'mark'
        b.call('Page.navigate', url='about:blank')
        b.open(url + '#algo=attack-board&n=6&mode=count&event=5')
        b.js('document.activeElement.blur()')
        b.key('m')
        for _ in range(3):
            b.key('ArrowRight')
        if not self.wait_for("/[&]mark=5&event=8$/.test(location.hash)"):
            self.fail(where, 'after m at event 5 and 3 steps the address is %s' % b.js('location.hash'))
        b.key("'")
        st = self.state()
        if st['event'] != 5 or b.js("document.getElementById('explorer').dataset.mark") != '5':
            self.fail(where, "' returns to event %d, the mark is %r" % (st['event'], b.js("document.getElementById('explorer').dataset.mark")))
        b.key('End')
        if not self.wait_for("/[&]mark=5&event=%d$/.test(location.hash)" % st['events']):
            self.fail(where, 'at the end the address is %s' % b.js('location.hash'))
        if not self.reload():
            self.fail(where, 'the page did not reload')
        else:
            again = self.state()
            if again['event'] != st['events'] or b.js("document.getElementById('explorer').dataset.mark") != '5':
                self.fail(where, 'a reload shows event %d with mark %r' % (again['event'], b.js("document.getElementById('explorer').dataset.mark")))
            b.js("document.getElementById('to-mark').click()")
            if self.state()['event'] != 5:
                self.fail(where, 'the button Back to the mark goes to event %d' % self.state()['event'])
        b.call('Page.navigate', url='about:blank')
        b.open(url + '#algo=attack-board&n=6&mode=count&mark=7&event=2')
        b.js('document.activeElement.blur()')
        b.key("'")
        if self.state()['event'] != 7:
            self.fail(where, "#...&mark=7&event=2 then ' is at event %d" % self.state()['event'])
        keys = b.js("document.getElementById('keys').textContent")
        if 'mark' not in keys or "'" not in keys:
            self.fail(where, 'the keys below the page do not name m and \': %r' % keys)
        # The live form states the page's cap on events and what happens above it.
        b.js("document.getElementById('live-box').open = true")
        cap = b.js("document.getElementById('live-cap').textContent + ' | ' + document.getElementById('live-limit').textContent")
        if '1\u202f000\u202f000' not in cap or 'stopped' not in cap or 'queens --trace' not in cap:
            self.fail('live form', 'the page\'s cap of 1 000 000 events is not stated: %r' % cap)
        # Why a recording holds its seed.
        b.open(url + '#algo=hill-climbing&n=8')
        note = b.js("(function () { var e = document.getElementById('recording-note'); return e.hidden ? '' : e.textContent; })()")
        seed = self.state()['seed']
        if seed and int(seed) > 1 and 'seeds 1 to' not in note and 'seed 1,' not in note:
            self.fail('recording note', 'hill-climbing seed %s says %r' % (seed, note))
        # half-join: each pair's two half boards on the board, a clash marked on its diagonal.
        for n in (6, 7):
            where = 'half-join halves n=%d' % n
            b.call('Page.navigate', url='about:blank')
            b.open(url + '#live=1&algo=half-join&n=%d&mode=count&event=1' % n)
            if not self.wait_for("document.getElementById('explorer').dataset.origin === 'live' && "
                                 "document.getElementById('explorer').dataset.live !== 'running'", 30):
                self.fail(where, 'the live run did not end')
                continue
            board = ("(function () { var t = document.getElementById('board'); return {hidden: t.hidden, "
                     "east: t.querySelectorAll('td.q.east').length, west: t.querySelectorAll('td.q.west').length, "
                     "mid: t.querySelectorAll('td.q.mid').length, clash: t.querySelectorAll('td.clash-q').length, "
                     "said: document.getElementById('narration').textContent}; })()")
            half = n // 2
            b.js('document.activeElement.blur()')
            b.key('Home')
            b.key('s')
            got = b.js(board)
            if got['hidden'] or (got['east'], got['west'], got['mid'], got['clash']) != (half, half, n % 2, 0) or 'join' not in got['said']:
                self.fail(where, 'a joining pair draws %r' % got)
            b.key('Home')
            seen = False
            for _ in range(40):
                b.key('ArrowRight')
                got = b.js(board)
                if 'clash' in got['said']:
                    seen = True
                    if got['clash'] < 2 or 'share a diagonal' not in got['said'] or got['east'] != half:
                        self.fail(where, 'a clashing pair draws %r' % got)
                    break
            if not seen:
                self.fail(where, 'no clashing pair in the first 40 events')
        for p in b.problems():
            self.fail('new views', p)


SCREENS = [
    # name, width, height, hash[, panel scrolled to the top]: the views the
    # course shows (xtask/course/).
    ('tree', 1920, 1080, '#algo=attack-board&n=5&dead-end=3', 'tree'),
    ('bits', 1600, 1000, '#algo=bitmask&n=6&event=17'),
    ('lists', 1600, 1000, '#algo=list-comprehension&n=6&event=40'),
    ('candidates', 1600, 1000, '#algo=permutations&n=6&solution=2'),
    ('compare', 1600, 1000, '#compare=bitmask,mrv&n=8&by=node&at=12'),
    ('lab', 1600, 1000, '#algo=csp&n=8&mode=first&knobs=--order%20mrv%20--propagate%20forward&event=9', 'lab'),
    ('local', 1600, 1000, '#algo=min-conflicts-random&n=8&event=3'),
    ('phone', 400, 850, '#algo=attack-board&n=8&event=12'),
]


def live_engine(browser, url, reports):
    """The page's engine (live.js over the embedded WebAssembly module, in its
    worker, from file://) writes each recorded trace again, byte for byte,
    from the recording's arguments; the page answers while a long run goes
    on; a run past its cap, and a file that is not a trace, get one line."""
    problems = []
    folder = os.path.join(reports, 'data', 'traces')
    with open(os.path.join(folder, 'index.json')) as f:
        index = json.load(f)
    browser.open(url)

    def wait(expression):
        browser.js("window.__live = null; (%s).then(function (v) { window.__live = {ok: v}; },"
                   " function (e) { window.__live = {error: e.message}; })" % expression)
        for _ in range(1200):
            v = browser.js('window.__live')
            if v is not None:
                return v
            time.sleep(0.025)
        return {'error': 'no answer within 30 s'}

    offers = wait('QueensLive.approaches()').get('ok') or []
    live = {o['id'] for o in offers if o['live']}
    if not live:
        problems.append('the engine lists no approach')
    runs = 0
    for entry in index:
        if entry['approach'] not in live:
            continue
        words = (entry.get('knobs') or '').split()
        args = {'algo': entry['approach'], 'n': entry['n'], 'mode': entry['mode'],
                'knobs': {k.lstrip('-'): v for k, v in zip(words[::2], words[1::2])}}
        if entry['seed'] is not None:
            args['seed'] = entry['seed']
        got = wait('QueensLive.run(%s).then(function (r) { return r.trace; })' % json.dumps(args))
        with open(os.path.join(folder, entry['file'])) as f:
            want = f.read()
        if got.get('ok') != want:
            problems.append('live run of %s: %s' % (entry['file'], got.get('error') or 'another trace'))
        runs += 1
    # A long run (mrv counting 13 queens, past the default cap) in the worker:
    # the page answers meanwhile, and the run ends in one line.
    browser.js("window.__long = null; QueensLive.run({algo: 'mrv', n: 13}).then(function () {"
               " window.__long = 'kept'; }, function (e) { window.__long = e.message; })")
    started = time.time()
    browser.js('document.title')
    if time.time() - started > 0.5:
        problems.append('the page did not answer during a live run')
    for _ in range(2400):
        if browser.js('window.__long') is not None:
            break
        time.sleep(0.025)
    long = browser.js('window.__long') or ''
    if 'events' not in long or '\n' in long:
        problems.append('a run past the cap: %r' % long)
    bad = wait("QueensLive.pack('not a trace', 'notes.txt')")
    if not bad.get('error', '').startswith('not a trace written by queens --trace'):
        problems.append('a file that is not a trace: %r' % bad)
    problems.extend(browser.problems())
    print('explore-drive: the engine wrote %d recorded traces again in the page' % runs)
    return problems


# --- live runs and trace files through the page's own controls ------------------

# (algo, n, mode, seed, knobs, width): runs that are not recorded, made with the
# form and compared byte for byte with `queens --trace -` for the same arguments.
LIVE_CASES = [
    ('bitmask', 9, 'count', None, {}),
    ('mrv', 11, 'count', None, {}),
    ('min-conflicts-random', 50, 'first', 42, {}),
    ('annealing', 8, 'first', 3, {'schedule': 'exp:20:0.005:100'}),     # gives up: its ended line
    ('csp', 10, 'first', None, {'propagate': 'arc'}),
]
LIVE_MORE = [
    ('half-join', 9, 'count', None, {}),
    ('attack-board', 9, 'first', None, {}),
    ('permutations-streaming', 8, 'first', None, {}),
    ('csp', 9, 'count', None, {'order': 'mrv', 'propagate': 'forward'}),
    ('min-conflicts-most-conflicted', 30, 'first', 7, {}),
    ('hill-climbing-sideways', 10, 'first', 4, {'sideways': '50'}),
    ('tabu-search', 12, 'first', 2, {}),
    ('genetic', 8, 'first', 5, {}),
]


def queens_binary():
    """The `queens` CLI: $QUEENS_BIN, else built by cargo (debug) and named by it."""
    given = os.environ.get('QUEENS_BIN')
    if given:
        return given
    out = subprocess.run(['cargo', 'build', '-q', '-p', 'queens-cli', '--message-format=json'],
                         cwd=ROOT, stdout=subprocess.PIPE, check=True, text=True).stdout
    for line in out.splitlines():
        m = json.loads(line)
        if m.get('reason') == 'compiler-artifact' and m['target']['name'] == 'queens' and m.get('executable'):
            return m['executable']
    raise RuntimeError('cargo built queens-cli but named no queens executable')


def cli_trace(queens, algo, n, mode, seed, knobs):
    args = [queens, '--algo', algo, '--trace', '-']
    if mode == 'first' and seed is None:
        args.append('--first')
    if seed is not None:
        args += ['--seed', str(seed)]
    for k, v in knobs.items():
        args += ['--' + k, v]
    args.append(str(n))
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout


def parse_trace(text):
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    return {'start': lines[0], 'body': lines[1:-1], 'end': lines[-1]}


LIVE_STATE_JS = """(function () {
  var root = document.getElementById('explorer'), s = document.getElementById('live-status');
  return {live: root.dataset.live || '', origin: root.dataset.origin || '', status: s.textContent,
    lines: s.textContent ? s.textContent.split('\\n').length : 0, hash: location.hash,
    algo: root.dataset.algo, n: root.dataset.n, event: root.dataset.event, index: document.getElementById('size').value,
    options: document.getElementById('size').options.length, running: !document.getElementById('live-cancel').hidden};
})()"""


def live_controls(checker, url, reports):
    """The live form and trace files, by keys, at 400 and 1920 px: runs never
    recorded stepped like recorded ones (counters, end message, End against the
    end line), their traces equal to the CLI's byte for byte, the address
    re-running a run on reload, a refusal, a cancelled run and bad files each
    one line with the page as it was, a file opened by the picker and by a drop."""
    b = checker.b
    queens = queens_binary()
    compared = 0

    def live_state():
        return b.js(LIVE_STATE_JS)

    def settle(where):
        for _ in range(2400):
            st = live_state()
            if st['live'] not in ('running',):
                return st
            time.sleep(0.025)
        checker.fail(where, 'the run did not end within 60 s')
        return live_state()

    def fill(algo, n, mode, seed, knobs):
        b.js("(function () { document.getElementById('live-box').open = true; var s = document.getElementById('live-algo'); s.value = %s;"
             " s.dispatchEvent(new Event('change')); document.getElementById('live-mode').value = %s;"
             " document.getElementById('live-mode').dispatchEvent(new Event('change'));"
             " document.getElementById('live-n').value = ''; document.getElementById('live-seed').value = %s;"
             " var k = %s; Object.keys(k).forEach(function (name) {"
             "  document.querySelector('#live-knobs [data-knob=\"' + name + '\"]').value = k[name]; }); })()"
             % (json.dumps(algo), json.dumps(mode), json.dumps('' if seed is None else str(seed)), json.dumps(knobs)))
        # n typed into its field by keys, and Enter runs.
        b.js("document.getElementById('live-n').focus()")
        b.call('Input.insertText', text=str(n))
        b.key('Enter')

    def unchanged(where, before):
        after = live_state()
        for key in ('algo', 'n', 'event', 'index', 'options', 'hash'):
            if after[key] != before[key]:
                checker.fail(where, 'the page changed (%s: %r, then %r)' % (key, before[key], after[key]))
        if after['live'] != 'error' or not after['status'] or after['lines'] != 1:
            checker.fail(where, 'no one-line message: %r' % after['status'])

    def stepped(where, trace, width, origin):
        st = checker.state()
        lv = live_state()
        if lv['origin'] != origin:
            checker.fail(where, 'the page shows a %r trace, not the %s one' % (lv['origin'], origin))
            return
        checker.layout(where, st, width)
        b.js('document.activeElement.blur()')
        b.key('Home')
        k = min(STEPS_CHECKED, len(trace['body']))
        for _ in range(k):
            b.key('ArrowRight')
        checker.counters(where, checker.state(), trace, k)
        b.key('End')
        st = checker.state()
        checker.finish(where, st, trace)
        end = trace['end']
        if st['count']['steps'] is not None and st['count']['steps'] != str(end['steps']):
            checker.fail(where, 'at End the step counter says %s, the end line %d' % (st['count']['steps'], end['steps']))
        tree = trace['body'] and trace['body'][0]['event'] in ('place', 'dead-end')
        if tree and st['count']['solutions'] is not None and st['count']['solutions'] != str(end['solutions']):
            checker.fail(where, 'at End the solutions counter says %s, the end line %d' % (st['count']['solutions'], end['solutions']))
        checker.checked += 1

    def one_run(case, width):
        algo, n, mode, seed, knobs = case
        where = 'live %s n=%d %s seed %s %s at %d px' % (algo, n, mode, seed, knobs, width)
        fill(algo, n, mode, seed, knobs)
        st = settle(where)
        if st['live'] not in ('done', 'ended'):
            checker.fail(where, 'the run ended with %r: %r' % (st['live'], st['status']))
            return
        want = cli_trace(queens, algo, n, mode, seed, knobs)
        got = b.js('document.getElementById("explorer").liveTrace')
        if got != want:
            checker.fail(where, 'the page\'s trace differs from queens --trace (%d and %d bytes)' % (len(got or ''), len(want)))
        nonlocal compared
        compared += 1
        trace = parse_trace(want)
        ended = trace['end'].get('solutions') == 0 and trace['body'] and trace['body'][0]['event'] in ('init', 'board')
        if ended and (st['live'] != 'ended' or not st['status']):
            checker.fail(where, 'a run that gave up does not show its line (%r)' % st['status'])
        stepped(where, trace, width, 'live')
        if not checker.wait_for("location.hash.indexOf('#live=1&algo=%s&n=%d&') === 0" % (algo, n)):
            checker.fail(where, 'the address does not record the run: %s' % b.js('location.hash'))
        return trace

    def load_file(path):
        doc = b.call('DOM.getDocument')
        node = b.call('DOM.querySelector', nodeId=doc['root']['nodeId'], selector='#live-file')['nodeId']
        b.call('DOM.setFileInputFiles', files=[path], nodeId=node)

    folder = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'explore-live-%d' % os.getpid())
    os.makedirs(folder, exist_ok=True)
    for width, height in ((400, 850), (1920, 1080)):
        b.size(width, height)
        b.call('Page.navigate', url='about:blank')
        b.open(url + '#algo=bitmask&n=6')
        if not checker.wait_for("document.getElementById('explorer').dataset.liveReady === '1'", 10):
            checker.fail('live at %d px' % width, 'the live form never got its approaches')
            continue
        # The form by keys: open on a wide screen, folded on a phone (Enter on its summary
        # opens it); Tab reaches its fields in order, from the approach to Run.
        if b.js("document.getElementById('live-box').open") != (width > 520):
            checker.fail('live form at %d px' % width, 'the form is %s' % ('folded' if width > 520 else 'open'))
        b.js("document.querySelector('#live-box summary').focus()")
        b.key('Enter')
        if not b.js("document.getElementById('live-box').open"):
            b.key('Enter')
            if not b.js("document.getElementById('live-box').open"):
                checker.fail('live form at %d px' % width, 'Enter on its summary does not open it')
        b.js("document.getElementById('live-box').open = true; document.getElementById('live-algo').focus()")
        order = []
        for _ in range(12):
            order.append(b.js('document.activeElement.id'))
            if order[-1] == 'live-run':
                break
            b.key('Tab')
        if order[:1] != ['live-algo'] or 'live-n' not in order or order[-1] != 'live-run':
            checker.fail('live form keys at %d px' % width, 'Tab goes %s' % ' -> '.join(order))
        st = checker.state()
        checker.layout('live form at %d px' % width, st, width)
        for case in LIVE_CASES + (LIVE_MORE if width == 1920 else []):
            one_run(case, width)
        # A reload re-runs the address's run and comes back to its event.
        before = b.js('location.hash')
        if checker.reload():
            checker.wait_for("document.getElementById('explorer').dataset.origin === 'live'", 30)
            if live_state()['origin'] != 'live' or b.js('location.hash') != before or \
                    b.js("document.getElementById('explorer').dataset.event") != before.rsplit('=', 1)[1]:
                checker.fail('live reload at %d px' % width, 'shows %r at %s, not %s' % (live_state()['origin'], b.js('location.hash'), before))
        else:
            checker.fail('live reload at %d px' % width, 'the page did not come back')
        # A refusal (n beyond the limit): one line, the page as it was.
        b.js('document.activeElement.blur()')
        before = live_state()
        fill('bitmask', 13, 'count', None, {})
        settle('refusal')
        unchanged('live refusal at %d px' % width, before)
        # A run cancelled: one line, the page as it was.
        before = live_state()
        fill('mrv', 13, 'count', None, {})
        if live_state()['running']:
            b.js("document.getElementById('live-cancel').click()")
        settle('cancel')
        unchanged('live cancel at %d px' % width, before)
        # A trace file, by the picker; then a truncated one and one that is not a trace.
        text = cli_trace(queens, 'first-choice', 9, 'first', 11, {})
        good = os.path.join(folder, 'first-choice-9.jsonl')
        with open(good, 'w') as f:
            f.write(text)
        load_file(good)
        st = settle('file')
        if st['live'] != 'done':
            checker.fail('trace file at %d px' % width, 'refused: %r' % st['status'])
        else:
            stepped('trace file at %d px' % width, parse_trace(text), width, 'file')
        truncated = os.path.join(folder, 'cut.jsonl')
        with open(truncated, 'w') as f:
            f.write(text[:len(text) * 2 // 3])
        notes = os.path.join(folder, 'notes.txt')
        with open(notes, 'w') as f:
            f.write('shopping list\n- eggs\n')
        for path in (truncated, notes):
            b.js('document.activeElement.blur()')
            before = live_state()
            load_file(path)
            settle('bad file')
            unchanged('bad file %s at %d px' % (os.path.basename(path), width), before)
        # A file dropped on the page.
        drop = cli_trace(queens, 'bitmask-symmetric', 7, 'count', None, {})
        b.js("(function () { var dt = new DataTransfer(); dt.items.add(new File([%s], 'dropped.jsonl'));"
             " document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); })()"
             % json.dumps(drop))
        st = settle('drop')
        if st['live'] != 'done':
            checker.fail('dropped file at %d px' % width, 'refused: %r' % st['status'])
        else:
            stepped('dropped file at %d px' % width, parse_trace(drop), width, 'file')
    subprocess.run(['rm', '-rf', folder])
    if compared < 10:
        checker.fail('live', 'only %d live traces compared with the CLI' % compared)
    for p in b.problems():
        checker.fail('live', p)
    print('explore-drive: %d live runs in the page equal queens --trace byte for byte' % compared)


def screens(browser, url, reports):
    folder = os.path.join(reports, 'screens')
    os.makedirs(folder, exist_ok=True)
    problems = []
    for name, width, height, hash_, *panel in SCREENS:
        browser.size(width, height)
        browser.call('Page.navigate', url='about:blank')
        browser.open(url + hash_)
        if panel:
            browser.js("document.querySelector('[data-panel=\"%s\"]').scrollIntoView()" % panel[0])
        if hash_.startswith('#compare='):
            if browser.js("(document.getElementById('compare') || {dataset: {}}).dataset.ready") != '1':
                problems.append('%s: the side-by-side view %s did not open' % (name, hash_))
        elif browser.js("document.getElementById('explorer').dataset.jump") != 'ok':
            problems.append('%s: the address %s is not understood: %s' % (
                name, hash_, browser.js("document.getElementById('notice').textContent")))
        data = browser.call('Page.captureScreenshot', format='png')['data']
        with open(os.path.join(folder, name + '.png'), 'wb') as f:
            f.write(base64.b64decode(data))
    problems.extend(browser.problems())
    return problems


def main(argv):
    one_size = argv[4:] == ['--one-size'] and argv[1:2] == ['check']
    if not (len(argv) == 4 or one_size) or argv[1] not in ('check', 'screens'):
        sys.stderr.write('usage: explore-drive.py check BROWSER REPORTS_DIR [--one-size]\n'
                         '       explore-drive.py screens BROWSER REPORTS_DIR\n')
        return 2
    mode, binary, reports = argv[1], argv[2], argv[3]
    page = os.path.join(os.path.abspath(reports), 'explore.html')
    if not os.path.isfile(page):
        sys.stderr.write('explore-drive: %s is missing: render the reports first\n' % page)
        return 2
    url = 'file://' + page
    profile = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'explore-drive-%d' % os.getpid())
    browser = Browser(binary, profile)
    try:
        if mode == 'screens':
            problems = screens(browser, url, reports)
            for p in problems:
                sys.stderr.write('explore-drive: FAIL: %s\n' % p)
            print('explore-drive: wrote %d views into %s' % (len(SCREENS), os.path.join(reports, 'screens')))
            return 1 if problems else 0
        traces = load_traces(reports)
        with open(os.path.join(reports, 'data', 'approaches.json')) as f:
            registry = json.load(f)
        titles = {a['id']: a['title'] for a in registry}
        units = {a['id']: a['step_unit'] for a in registry}
        checker = Checker(browser, traces, titles, about_seeds(), units)
        started = time.time()
        for width, height in ((400, 850), (1920, 1080)):
            checker.every_approach(url, width, height, one_size)
        for phase in (checker.slider_and_space, checker.bad_addresses, checker.regressions, checker.new_views):
            try:
                phase(url)
            except RuntimeError as e:   # a page that never gets ready: named, and the other phases run
                checker.fail(phase.__name__, str(e))
        try:
            live_controls(checker, url, reports)
        except RuntimeError as e:
            checker.fail('live_controls', str(e))
        for p in live_engine(browser, url, reports):
            checker.fail('engine', p)
        for f in checker.failures[:40]:
            sys.stderr.write('explore-drive: FAIL: %s\n' % f)
        if len(checker.failures) > 40:
            sys.stderr.write('explore-drive: ... and %d more\n' % (len(checker.failures) - 40))
        print('explore-drive: %d traces checked by keys at 400 and 1920 px in %.0f s, %d problems' % (
            checker.checked, time.time() - started, len(checker.failures)))
        return 1 if checker.failures else 0
    finally:
        browser.close()
        subprocess.run(['rm', '-rf', profile])


if __name__ == '__main__':
    sys.exit(main(sys.argv))
