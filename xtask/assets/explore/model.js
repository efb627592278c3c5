/* The traces' model: decodes the packed events (xtask/src/explore/pack.rs)
 * and replays them. A state is a plain object; `seek` reaches any event from
 * the nearest checkpoint (one every EVERY events), so stepping back is as
 * cheap as stepping forward. Nothing here touches the page.
 *
 * The operations and their arguments come from QUEENS_OPS, which the page
 * defines before this script from pack.rs's one table (`OPS`). */
var QueensModel = (function () {
  'use strict';

  /* OP.<name> = code, and each code's arguments: a number, 'n', '1+n', '1+count'. */
  var OP = {}, ARGS = [];
  QUEENS_OPS.forEach(function (op, code) { OP[op.name] = code; ARGS[code] = op.args; });

  /* The operations a start line's "step" name counts. */
  var STEP_OPS = {
    place: [OP.PLACE], candidate: [OP.CANDIDATE, OP.RUN_ODOMETER, OP.RUN_PERMS],
    partial: [OP.PARTIAL],
    move: [OP.MOVE, OP.MOVE_PICKED, OP.MOVE_TRIED, OP.MOVE_PROPOSED, OP.MOVE_UPHILL, OP.MOVE_TABU, OP.MOVE_BREAKOUT],
    swap: [OP.SWAP, OP.SWAP_TRIED], pair: [OP.PAIR, OP.PAIR_HALVES],
    board: [OP.BOARD], level: [OP.LEVEL], init: [OP.INIT]
  };

  /* A restart's reason (the RESTART operation's first argument). */
  var REASON = { NONE: 0, LIMIT: 1, STUCK: 2 };

  var EVERY = 256;
  var RECENT = 8;

  /* How many arguments follow the operation code at `at`. */
  function argCount(ops, at, n) {
    var a = ARGS[ops[at]];
    if (typeof a === 'number') return a;
    if (a === 'n') return n;
    if (a === '1+n') return 1 + n;
    if (a === '1+count') return 1 + ops[at + 1];
    if (a === '3+2n') return 3 + 2 * n;
    throw new Error('unknown operation ' + ops[at] + ' at ' + at);
  }

  /* Whether code is a local search's move (any flavour) or swap. */
  function isMove(code) {
    return code === OP.MOVE || code === OP.MOVE_PICKED || code === OP.MOVE_TRIED || code === OP.MOVE_PROPOSED ||
      code === OP.MOVE_UPHILL || code === OP.MOVE_TABU || code === OP.MOVE_BREAKOUT;
  }
  function isSwap(code) { return code === OP.SWAP || code === OP.SWAP_TRIED; }

  /* Queens attacking square (line, pos) of a complete local board (board[i]:
   * the position of line i + 1's queen), the queen of that line left out:
   * same position, or same diagonal. */
  function attackersAt(board, line, pos) {
    var k = 0;
    for (var i = 0; i < board.length; i++) {
      if (i === line - 1) continue;
      var d = board[i] - pos;
      if (d === 0 || d === i + 1 - line || d === line - i - 1) k++;
    }
    return k;
  }

  /* The family of a trace, from its first event. */
  function familyOf(code) {
    switch (code) {
      case OP.CANDIDATE: case OP.RUN_ODOMETER: case OP.RUN_PERMS: return 'candidates';
      case OP.LEVEL: case OP.PARTIAL: return 'levels';
      case OP.INIT: case OP.MOVE: case OP.SWAP: case OP.RESTART:
      case OP.MOVE_PICKED: case OP.MOVE_TRIED: case OP.MOVE_PROPOSED: case OP.SWAP_TRIED:
      case OP.MOVE_UPHILL: case OP.MOVE_TABU: case OP.MOVE_BREAKOUT: return 'local';
      case OP.PAIR: case OP.PAIR_HALVES: return 'pairs';
      case OP.BOARD: return 'board';
      default: return 'tree';
    }
  }

  /* A packed trace → a trace: one (kind, offset) per event, runs expanded. */
  function decode(packed) {
    var N = packed.events, ops = packed.ops, n = packed.n;
    var kinds = new Uint8Array(N), offs = new Int32Array(N);
    var k = 0, at = 0, inOrder = true, depth = 0, swaps = false, restarts = false, weighted = false, halves = false;
    while (at < ops.length) {
      var code = ops[at], len = argCount(ops, at, n);
      var count = (code === OP.RUN_ODOMETER || code === OP.RUN_PERMS) ? ops[at + 1] : 1;
      if (k + count > N) throw new Error(label(packed) + ': more events than the ' + N + ' announced');
      for (var i = 0; i < count; i++) { kinds[k] = code; offs[k] = at; k++; }
      if (code === OP.PLACE) { if (ops[at + 1] !== depth + 1) inOrder = false; depth++; }
      if (code === OP.REMOVE) depth--;
      if (code === OP.RESTART) { depth = 0; restarts = true; }
      if (isSwap(code)) swaps = true;
      if (code === OP.SOLUTION && ops[at + 2] > 0) weighted = true;
      if (code === OP.PAIR_HALVES) halves = true;
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
      halves: halves,            // half-join's pairs carry their two half boards
      stepOps: steps, checks: []
    };
  }

  function label(p) {
    return p.algo + (p.knobs ? ' ' + p.knobs : '') + ' n=' + p.n + ' ' + p.mode + (p.seed === null ? '' : ' seed ' + p.seed);
  }

  function initial() {
    return {
      pos: 0, code: -1, steps: 0, deadEnds: 0, solutions: 0, found: 0,
      queens: [], tree: [[]], removed: null,
      cand: null, ok: false, kept: 0,
      level: 0, partial: null, atLevel: 0, perLevel: [],
      board: null, moves: 0, stays: 0, restarts: 0, recent: [], moved: null, sideways: 0, restart: null,
      pairs: 0, joins: 0, joined: 0, task: 0, reported: null, east: null, west: null
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
        s.sideways = 0;
        break;
      case OP.MOVE: case OP.MOVE_PICKED: case OP.MOVE_TRIED: case OP.MOVE_PROPOSED:
      case OP.MOVE_UPHILL: case OP.MOVE_TABU: case OP.MOVE_BREAKOUT:
        c = ops[at + 1];
        if (!s.board) throw new Error('event ' + (k + 1) + ': a move before any board');
        if (s.board[c - 1] !== ops[at + 2]) {
          throw new Error('event ' + (k + 1) + ': the queen of line ' + c + ' is at ' +
            s.board[c - 1] + ', not at ' + ops[at + 2]);
        }
        // The change of attacking pairs: the queen's attackers there less here.
        d = attackersAt(s.board, c, ops[at + 3]) - attackersAt(s.board, c, ops[at + 2]);
        s.board[c - 1] = ops[at + 3];
        s.moves++;
        if (ops[at + 2] === ops[at + 3]) s.stays++;   // a step by the CLI's count, but no queen moved
        s.reported = ops[at + 4];
        s.moved = { line: c, from: ops[at + 2], to: ops[at + 3], k: ops[at + 4], dh: d };
        if (code === OP.MOVE_PICKED) s.moved.most = ops[at + 5] === 1;
        if (code === OP.MOVE_TRIED) s.moved.tried = ops[at + 5];
        if (code === OP.MOVE_PROPOSED) { s.moved.proposed = ops[at + 5]; s.moved.temperature = ops[at + 6] / 1e9; }
        if (code === OP.MOVE_UPHILL) { s.moved.uphill = ops[at + 5]; s.moved.fall = ops[at + 6]; }
        if (code === OP.MOVE_TABU) { s.moved.tabu = ops[at + 5]; s.moved.aspiration = ops[at + 6] === 1; }
        if (code === OP.MOVE_BREAKOUT) { s.moved.minima = ops[at + 5]; s.moved.bumped = ops[at + 6]; }
        // Moves that leave h as it was, in a row since the last that lowered it.
        s.sideways = d === 0 && ops[at + 2] !== ops[at + 3] ? s.sideways + 1 : d < 0 ? 0 : s.sideways;
        remember(s, { line: c, from: ops[at + 2], to: ops[at + 3], k: ops[at + 4] });
        break;
      case OP.SWAP: case OP.SWAP_TRIED:
        if (!s.board) throw new Error('event ' + (k + 1) + ': a swap before any board');
        r = ops[at + 1]; c = ops[at + 2];
        i = s.board[r - 1]; s.board[r - 1] = s.board[c - 1]; s.board[c - 1] = i;
        s.moves++;
        s.moved = { swap: [r, c] };
        if (code === OP.SWAP_TRIED) s.moved.tried = ops[at + 3];
        remember(s, { swap: [r, c] });
        break;
      case OP.RESTART:
        s.restarts++;
        s.restart = { reason: ops[at + 1], after: ops[at + 2], sideways: s.sideways };
        s.queens = [];           // a placement search abandons its board (mrv-tuned)
        s.tree = [[]];
        break;
      case OP.PAIR: case OP.PAIR_HALVES:
        s.pairs++;
        s.task = ops[at + 3];
        s.ok = ops[at + 1] === 1;
        if (s.ok) { s.joins++; s.joined += ops[at + 2] || 1; }
        s.east = code === OP.PAIR_HALVES ? ops.slice(at + 4, at + 4 + n) : null;
        s.west = code === OP.PAIR_HALVES ? ops.slice(at + 4 + n, at + 4 + 2 * n) : null;
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
        ((code === OP.PAIR || code === OP.PAIR_HALVES) && ops[at + 1] === 1);
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
    } else if (t.family === 'pairs' && s.east) {
      halfQueens(t.n, s).forEach(function (q) { out.push([q[0], q[1]]); });
    } else if (t.family === 'local' && s.board) {
      for (i = 0; i < s.board.length; i++) {
        out.push(t.byRow ? [i + 1, s.board[i]] : [s.board[i], i + 1]);
      }
    }
    return out;
  }

  /* A half-join pair's queens, row by row: [row, col, side] with side
   * 'east', 'west', or 'middle' (odd n: the row neither half holds has
   * its queen in the middle column). [] when the pair carries no halves. */
  function halfQueens(n, s) {
    if (!s.east || !s.west) return [];
    var out = [];
    for (var r = 1; r <= n; r++) {
      if (s.east[r - 1]) out.push([r, s.east[r - 1], 'east']);
      else if (s.west[r - 1]) out.push([r, s.west[r - 1], 'west']);
      else if (n % 2 === 1) out.push([r, (n + 1) / 2, 'middle']);
    }
    return out;
  }

  /* The clashes of a pair of half boards: each pair of an east and a west
   * queen on one diagonal, [[re, ce], [rw, cw]] (the middle queen, which
   * both halves avoid, is left out). */
  function halfClashes(n, s) {
    var qs = halfQueens(n, s), out = [];
    qs.forEach(function (a) {
      if (a[2] !== 'east') return;
      qs.forEach(function (b) {
        if (b[2] === 'west' && Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1])) out.push([[a[0], a[1]], [b[0], b[1]]]);
      });
    });
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

  /* The solutions state s has found so far, as the end line counts them: a
   * board standing for w solutions (a weighted solution, a joined pair)
   * counts w; a local search has its one solution only at its end. */
  function solutionsOf(t, s) {
    var fam = t.family;
    return fam === 'tree' ? s.solutions : fam === 'pairs' ? s.joined
      : fam === 'local' ? (s.pos === t.events ? t.info.solutions : 0) : s.kept;
  }

  /* A first-solution run's first solution: its position (events applied
   * right after it), the state there and its board's columns by row (null
   * when the family has no single board), and whether the run went on past
   * it (permutations tests every board before it keeps one; half-join
   * scans a block of pairs). Null when the run found none. */
  function firstSolution(t) {
    var marks = solutionMarks(t);
    if (!marks.length) return null;
    var s = seek(t, marks[0]), qs = queensOf(t, s);
    var cols = qs.length === t.n ? qs.slice().sort(function (a, b) { return a[0] - b[0]; })
      .map(function (q) { return q[1]; }) : null;
    return { pos: marks[0], state: s, cols: cols, wentOn: s.steps < t.info.steps && t.family !== 'local' };
  }

  /* Replays trace t from its start and returns what contradicts its end
   * line or the rules of a board (at most three problems): the page's
   * selftest and the model's tests run it on every trace. */
  function verify(t) {
    var s = initial(), p = t.info, problems = [], n = t.n;
    function bad(what) { if (problems.length < 3) problems.push('event ' + s.pos + ': ' + what); }
    while (s.pos < t.events) {
      apply(t, s);
      var code = s.code, qs = queensOf(t, s);
      if (code === OP.SOLUTION && (qs.length !== n || !safe(qs))) bad('a solution event on a board that is not one');
      if (code === OP.PLACE && !safe(qs) && p.algo !== 'generate-and-test') bad('a queen placed on an attacked square');
      if ((code === OP.CANDIDATE || code === OP.RUN_ODOMETER || code === OP.RUN_PERMS) &&
          s.ok !== safe(qs)) bad('candidate (' + s.cand.join(', ') + ') marked ' + (s.ok ? 'kept' : 'rejected'));
      if (code === OP.PARTIAL && !safe(qs)) bad('an unsafe partial list kept');
      if (code === OP.PAIR_HALVES) {
        var clash = halfClashes(n, s).length > 0;
        if (qs.length !== n) bad('a pair of half boards with ' + qs.length + ' queens on ' + n + ' rows');
        else if (s.ok === clash) bad('a pair marked ' + (s.ok ? 'joined' : 'clashing') + ' whose halves ' + (clash ? 'share' : 'share no') + ' diagonal');
        else if (s.ok && !safe(qs)) bad('a joined pair that is not a solution');
      }
    }
    var fam = t.family, sols = fam === 'tree' ? s.solutions : fam === 'pairs' ? s.joined : s.kept;
    if (fam === 'local') {
      var left = conflicts(queensOf(t, s)).pairs;
      if (p.solutions > 0 && left !== 0) bad('the last board still has ' + left + ' attacking pairs');
    } else if (p.mode === 'first') {
      // A first-solution run may compare past its first board (half-join scans a block of pairs).
      if ((sols > 0) !== (p.solutions > 0)) bad(sols + ' solutions replayed, the end line says ' + p.solutions);
    } else if (sols !== p.solutions && !(fam === 'tree' && s.found === p.solutions)) {
      bad(sols + ' solutions replayed, the end line says ' + p.solutions);
    }
    if (s.steps !== p.steps) bad(s.steps + ' "' + p.step + '" events, the end line says ' + p.steps + ' steps');
    return problems;
  }

  /* The question a recording answers, in words (its `start` line's mode and seed). */
  function question(p) {
    return p.seed !== null && p.seed !== undefined ? 'finds one board (seed ' + p.seed + ')'
      : p.mode === 'count' ? 'counts every solution' : 'stops at its first solution';
  }

  /* Side by side: the sentence warning that two recordings answer different
   * questions (a count beside a first-solution or one-board run, boards of
   * different sizes), naming each side's; '' when they ask the same. */
  function questionsDiffer(a, b) {
    var why = [];
    var countA = a.mode === 'count', countB = b.mode === 'count';
    if (a.n !== b.n) why.push('they search boards of different sizes (n = ' + a.n + ' and n = ' + b.n + ')');
    if (countA !== countB) why.push(a.algo + '\'s recording ' + question(a) + ', ' + b.algo + '\'s ' + question(b));
    if (!why.length) return '';
    return why.join('; ') + ': they answer different questions, so compare their paths, not when they finish' +
      (countA !== countB ? ' (a count goes on past the first solution the other stops at)' : '') + '.';
  }

  /* The address's `mark=E`: the event marked, or a note saying why not
   * (not a whole number, or past the trace's `events`, replaced by the end). */
  function parseMark(raw, events) {
    if (raw === undefined || raw === null || raw === '') return { mark: null, note: '' };
    if (!/^\d{1,9}$/.test(raw)) return { mark: null, note: 'mark = "' + raw + '" is not an event number: no mark set.' };
    var e = +raw;
    if (e > events) return { mark: events, note: 'mark = ' + e + ' is past the last event (' + events + '): the end is marked.' };
    return { mark: e, note: '' };
  }

  /* Why a recording is the one the page holds, when that is not plain
   * (null otherwise): a local search recorded with a seed above 1 (the
   * recorder, xtask's measure/traces, takes seeds from 1 up and keeps the
   * first run that reaches a solution, so every seed below it gave up), and
   * a one-generation run of beam or genetic. `steps`: its step events. */
  function recordingNote(p, steps) {
    if (p.seed !== null && p.seed !== undefined && p.seed > 1) {
      return 'Why seed ' + p.seed + ': the recordings take seeds from 1 up and keep the first run that reaches a ' +
        'solution; with ' + (p.seed === 2 ? 'seed 1' : 'each of seeds 1 to ' + (p.seed - 1)) + ', ' + p.algo + ' at n = ' +
        p.n + ' ends without one (stuck at a local minimum or on a plateau). Run one of those seeds in the page to ' +
        'watch it give up.';
    }
    if (p.step === 'board' && steps === 1) {
      return 'One event: at n = ' + p.n + ' the first generation of ' + p.algo + ' already holds a solution, so ' +
        'there is one board to show; a larger n (the list above, or a run in the page) takes more generations.';
    }
    return null;
  }

  return {
    OP: OP, REASON: REASON, verify: verify, isMove: isMove, isSwap: isSwap, attackersAt: attackersAt,
    argCount: argCount, decode: decode, label: label, seek: seek, apply: apply, initial: initial,
    solutionMarks: solutionMarks, solutionsOf: solutionsOf, firstSolution: firstSolution, deadEndMarks: deadEndMarks, stepMarks: stepMarks,
    queensOf: queensOf, attacks: attacks, conflicts: conflicts, safe: safe,
    halfQueens: halfQueens, halfClashes: halfClashes, question: question, questionsDiffer: questionsDiffer, parseMark: parseMark, recordingNote: recordingNote
  };
})();
