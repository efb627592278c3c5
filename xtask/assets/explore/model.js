/* The traces' model: decodes the packed events (xtask/src/explore/pack.rs)
 * and replays them. A state is a plain object; `seek` reaches any event from
 * the nearest checkpoint (one every EVERY events), so stepping back is as
 * cheap as stepping forward. Nothing here touches the page. */
var QueensModel = (function () {
  'use strict';

  var OP = {
    PLACE: 0, REMOVE: 1, DEAD_END: 2, SOLUTION: 3, CANDIDATE: 4,
    RUN_ODOMETER: 5, RUN_PERMS: 6, LEVEL: 7, PARTIAL: 8, INIT: 9,
    MOVE: 10, SWAP: 11, RESTART: 12, PAIR: 13, BOARD: 14
  };

  /* The operations a start line's "step" name counts. */
  var STEP_OPS = {
    place: [OP.PLACE], candidate: [OP.CANDIDATE, OP.RUN_ODOMETER, OP.RUN_PERMS],
    partial: [OP.PARTIAL], move: [OP.MOVE], swap: [OP.SWAP], pair: [OP.PAIR],
    board: [OP.BOARD], level: [OP.LEVEL], init: [OP.INIT]
  };

  var EVERY = 256;
  var RECENT = 8;

  /* How many arguments follow the operation code at `at`. */
  function argCount(ops, at, n) {
    switch (ops[at]) {
      case OP.PLACE: case OP.REMOVE: case OP.SOLUTION: case OP.SWAP: return 2;
      case OP.PAIR: return 3;
      case OP.DEAD_END: case OP.LEVEL:
      case OP.RUN_ODOMETER: case OP.RUN_PERMS: return 1;
      case OP.CANDIDATE: return 1 + n;
      case OP.PARTIAL: return 1 + ops[at + 1];
      case OP.INIT: case OP.BOARD: return n;
      case OP.MOVE: return 4;
      case OP.RESTART: return 0;
      default: throw new Error('unknown operation ' + ops[at] + ' at ' + at);
    }
  }

  /* The family of a trace, from its first event. */
  function familyOf(code) {
    switch (code) {
      case OP.CANDIDATE: case OP.RUN_ODOMETER: case OP.RUN_PERMS: return 'candidates';
      case OP.LEVEL: case OP.PARTIAL: return 'levels';
      case OP.INIT: case OP.MOVE: case OP.SWAP: case OP.RESTART: return 'local';
      case OP.PAIR: return 'pairs';
      case OP.BOARD: return 'board';
      default: return 'tree';
    }
  }

  /* A packed trace → a trace: one (kind, offset) per event, runs expanded. */
  function decode(packed) {
    var N = packed.events, ops = packed.ops, n = packed.n;
    var kinds = new Uint8Array(N), offs = new Int32Array(N);
    var k = 0, at = 0, inOrder = true, depth = 0, swaps = false, restarts = false, weighted = false;
    while (at < ops.length) {
      var code = ops[at], len = argCount(ops, at, n);
      var count = (code === OP.RUN_ODOMETER || code === OP.RUN_PERMS) ? ops[at + 1] : 1;
      if (k + count > N) throw new Error(label(packed) + ': more events than the ' + N + ' announced');
      for (var i = 0; i < count; i++) { kinds[k] = code; offs[k] = at; k++; }
      if (code === OP.PLACE) { if (ops[at + 1] !== depth + 1) inOrder = false; depth++; }
      if (code === OP.REMOVE) depth--;
      if (code === OP.RESTART) { depth = 0; restarts = true; }
      if (code === OP.SWAP) swaps = true;
      if (code === OP.SOLUTION && ops[at + 2] > 0) weighted = true;
      at += 1 + len;
    }
    if (k !== N) throw new Error(label(packed) + ': ' + k + ' events decoded, ' + N + ' announced');
    var steps = {};
    (STEP_OPS[packed.step] || []).forEach(function (c) { steps[c] = true; });
    return {
      info: packed, n: n, ops: ops, events: N, kinds: kinds, offs: offs,
      family: familyOf(N > 0 ? kinds[0] : -1),
      inOrder: inOrder,          // placements fill rows 1, 2, 3, ... in order
      byRow: swaps,              // a local board lists the column of each row
      restarts: restarts,
      weighted: weighted,        // solutions stand for several boards
      stepOps: steps, checks: []
    };
  }

  function label(p) {
    return p.algo + ' n=' + p.n + ' ' + p.mode + (p.seed === null ? '' : ' seed ' + p.seed);
  }

  function initial() {
    return {
      pos: 0, code: -1, steps: 0, deadEnds: 0, solutions: 0, found: 0,
      queens: [], tree: [[]], removed: null,
      cand: null, ok: false, kept: 0,
      level: 0, partial: null, atLevel: 0, perLevel: [],
      board: null, moves: 0, restarts: 0, recent: [], moved: null,
      pairs: 0, joins: 0, joined: 0, task: 0, reported: null
    };
  }

  function clone(s) { return JSON.parse(JSON.stringify(s)); }

  function odometerNext(cols, n) {
    var next = cols.slice();
    for (var i = next.length - 1; i >= 0; i--) {
      if (next[i] < n) { next[i]++; return next; }
      next[i] = 1;
    }
    throw new Error('odometer run past the last assignment');
  }

  function lexPrev(cols) {
    var c = cols.slice(), len = c.length, i = len - 2;
    while (i >= 0 && c[i] <= c[i + 1]) i--;
    if (i < 0) throw new Error('permutation run before the first permutation');
    var j = len - 1;
    while (c[j] >= c[i]) j--;
    var t = c[i]; c[i] = c[j]; c[j] = t;
    var rest = c.slice(i + 1).reverse();
    return c.slice(0, i + 1).concat(rest);
  }

  function last(list) { return list.length ? list[list.length - 1] : null; }

  function remember(s, item) {
    s.recent.push(item);
    if (s.recent.length > RECENT) s.recent.shift();
  }

  /* Applies event s.pos of trace t to s. */
  function apply(t, s) {
    var k = s.pos, code = t.kinds[k], at = t.offs[k], ops = t.ops, n = t.n;
    var d, r, c, rec, i;
    s.removed = null;
    s.moved = null;
    switch (code) {
      case OP.PLACE:
        r = ops[at + 1]; c = ops[at + 2]; d = s.queens.length;
        s.queens.push([r, c]);
        s.tree.length = d + 1;
        s.tree[d] = s.tree[d] || [];
        s.tree[d].push({ r: r, c: c, sol: 0, dead: false, cur: true });
        s.tree.push([]);
        break;
      case OP.REMOVE:
        r = ops[at + 1]; c = ops[at + 2];
        for (i = s.queens.length - 1; i >= 0; i--) {
          if (s.queens[i][0] === r && s.queens[i][1] === c) break;
        }
        if (i < 0) throw new Error('event ' + (k + 1) + ': no queen on row ' + r + ', column ' + c + ' to remove');
        s.queens.splice(i, 1);
        d = s.queens.length;
        rec = last(s.tree[d] || []);
        if (rec) rec.cur = false;
        s.tree.length = d + 1;
        s.removed = [r, c];
        break;
      case OP.DEAD_END:
        d = ops[at + 1];
        s.deadEnds++;
        if (d > 0 && s.tree[d - 1]) { rec = last(s.tree[d - 1]); if (rec) rec.dead = true; }
        break;
      case OP.SOLUTION:
        s.found++;
        s.solutions += ops[at + 2] || 1;
        for (i = 0; i < s.queens.length; i++) {
          rec = last(s.tree[i] || []);
          if (rec) rec.sol += ops[at + 2] || 1;
        }
        break;
      case OP.CANDIDATE:
        s.cand = ops.slice(at + 2, at + 2 + n);
        s.ok = ops[at + 1] === 1;
        if (s.ok) s.kept++;
        break;
      case OP.RUN_ODOMETER:
        s.cand = odometerNext(s.cand, n); s.ok = false;
        break;
      case OP.RUN_PERMS:
        s.cand = lexPrev(s.cand); s.ok = false;
        break;
      case OP.LEVEL:
        s.level = ops[at + 1]; s.atLevel = 0; s.partial = null;
        break;
      case OP.PARTIAL:
        // A list of d queens belongs to level d: the strict reading announces
        // each level, the lazy one interleaves them, so count per length.
        s.partial = ops.slice(at + 2, at + 2 + ops[at + 1]);
        s.level = s.partial.length;
        s.perLevel[s.level] = (s.perLevel[s.level] || 0) + 1;
        s.atLevel = s.perLevel[s.level];
        if (s.partial.length === n) s.kept++;
        break;
      case OP.INIT:
        s.board = ops.slice(at + 1, at + 1 + n);
        s.recent = [];
        s.reported = null;
        break;
      case OP.MOVE:
        c = ops[at + 1];
        if (!s.board) throw new Error('event ' + (k + 1) + ': a move before any board');
        if (s.board[c - 1] !== ops[at + 2]) {
          throw new Error('event ' + (k + 1) + ': the queen of line ' + c + ' is at ' +
            s.board[c - 1] + ', not at ' + ops[at + 2]);
        }
        s.board[c - 1] = ops[at + 3];
        s.moves++;
        s.reported = ops[at + 4];
        s.moved = { line: c, from: ops[at + 2], to: ops[at + 3] };
        remember(s, { line: c, from: ops[at + 2], to: ops[at + 3], k: ops[at + 4] });
        break;
      case OP.SWAP:
        if (!s.board) throw new Error('event ' + (k + 1) + ': a swap before any board');
        r = ops[at + 1]; c = ops[at + 2];
        i = s.board[r - 1]; s.board[r - 1] = s.board[c - 1]; s.board[c - 1] = i;
        s.moves++;
        s.moved = { swap: [r, c] };
        remember(s, { swap: [r, c] });
        break;
      case OP.RESTART:
        s.restarts++;
        s.queens = [];           // a placement search abandons its board (mrv-tuned)
        s.tree = [[]];
        break;
      case OP.PAIR:
        s.pairs++;
        s.task = ops[at + 3];
        if (ops[at + 1] === 1) { s.joins++; s.joined += ops[at + 2] || 1; }
        break;
      case OP.BOARD:
        s.cand = ops.slice(at + 1, at + 1 + n); s.ok = true; s.kept++;
        break;
      default:
        throw new Error('unknown operation ' + code);
    }
    if (t.stepOps[code]) s.steps++;
    s.code = code;
    s.pos++;
  }

  /* The state after the first p events of t. `from` (optional) is a state
   * that may be advanced instead of starting at a checkpoint; it is not changed. */
  function seek(t, p, from) {
    p = Math.max(0, Math.min(t.events, p));
    var s;
    if (from && from.pos <= p && p - from.pos <= EVERY) {
      s = clone(from);
    } else {
      var want = Math.floor(p / EVERY);
      if (!t.checks.length) t.checks.push(initial());
      while (t.checks.length <= want) {
        s = clone(t.checks[t.checks.length - 1]);
        var stop = t.checks.length * EVERY;
        while (s.pos < stop) apply(t, s);
        t.checks.push(s);
      }
      s = clone(t.checks[want]);
    }
    while (s.pos < p) apply(t, s);
    return s;
  }

  /* Positions (events applied) right after each event that `test` accepts. */
  function marks(t, test) {
    var out = [];
    for (var k = 0; k < t.events; k++) if (test(t.kinds[k], t.offs[k])) out.push(k + 1);
    return out;
  }

  /* Positions right after each solution: solution events, kept candidates,
   * complete partial lists, joined pairs; for a local search, the end. */
  function solutionMarks(t) {
    var ops = t.ops, n = t.n;
    if (t.solutionMarks) return t.solutionMarks;
    if (t.family === 'local') return (t.solutionMarks = t.info.solutions > 0 ? [t.events] : []);
    return (t.solutionMarks = marks(t, function (code, at) {
      return code === OP.SOLUTION || code === OP.BOARD ||
        (code === OP.CANDIDATE && ops[at + 1] === 1) ||
        (code === OP.PARTIAL && ops[at + 1] === n) ||
        (code === OP.PAIR && ops[at + 1] === 1);
    }));
  }

  function deadEndMarks(t) {
    return t.deadEndMarks || (t.deadEndMarks = marks(t, function (code) { return code === OP.DEAD_END; }));
  }

  function stepMarks(t) {
    return marks(t, function (code) { return !!t.stepOps[code]; });
  }

  /* [row, col] of every queen the state shows (1-based), by family. */
  function queensOf(t, s) {
    var out = [], i;
    if (t.family === 'tree') return s.queens.slice();
    if (t.family === 'levels' && s.partial) {
      var len = s.partial.length;
      for (i = 0; i < len; i++) out.push([i + 1, s.partial[len - 1 - i]]);
    } else if ((t.family === 'candidates' || t.family === 'board') && s.cand) {
      for (i = 0; i < s.cand.length; i++) out.push([i + 1, s.cand[i]]);
    } else if (t.family === 'local' && s.board) {
      for (i = 0; i < s.board.length; i++) {
        out.push(t.byRow ? [i + 1, s.board[i]] : [s.board[i], i + 1]);
      }
    }
    return out;
  }

  /* attacks[r][c]: queens attacking square (r, c) from other rows (only the
   * rows above when `above`), along a column or a diagonal; 1-based. */
  function attacks(n, queens, above) {
    var grid = [], r, c;
    for (r = 0; r <= n; r++) { grid.push([]); for (c = 0; c <= n; c++) grid[r].push(0); }
    queens.forEach(function (q) {
      for (r = 1; r <= n; r++) {
        if (r === q[0] || (above && r < q[0])) continue;
        var dr = Math.abs(r - q[0]);
        grid[r][q[1]]++;
        if (q[1] - dr >= 1) grid[r][q[1] - dr]++;
        if (q[1] + dr <= n) grid[r][q[1] + dr]++;
      }
    });
    return grid;
  }

  /* For each queen, how many other queens attack it (row, column or diagonal). */
  function conflicts(queens) {
    var rows = {}, cols = {}, diag = {}, anti = {};
    function bump(m, key) { m[key] = (m[key] || 0) + 1; }
    queens.forEach(function (q) {
      bump(rows, q[0]); bump(cols, q[1]); bump(diag, q[0] - q[1]); bump(anti, q[0] + q[1]);
    });
    var each = queens.map(function (q) {
      return rows[q[0]] + cols[q[1]] + diag[q[0] - q[1]] + anti[q[0] + q[1]] - 4;
    });
    var pairs = 0;
    [rows, cols, diag, anti].forEach(function (m) {
      Object.keys(m).forEach(function (key) { pairs += m[key] * (m[key] - 1) / 2; });
    });
    return { each: each, pairs: pairs };
  }

  /* Whether the queens attack no one: a valid (partial) board. */
  function safe(queens) { return conflicts(queens).pairs === 0; }

  return {
    OP: OP, decode: decode, label: label, seek: seek, apply: apply, initial: initial,
    solutionMarks: solutionMarks, deadEndMarks: deadEndMarks, stepMarks: stepMarks,
    queensOf: queensOf, attacks: attacks, conflicts: conflicts, safe: safe
  };
})();
