/* Local search's decisions: for each move, swap and restart of a local
 * search, the rule of its approach (as its crate applies it), the
 * candidates it chose among and why it chose as it did; for the queen
 * about to move, the conflicts of every square it may go to, on the board.
 * What the board determines (conflicts, h of every successor) is computed
 * here; the trace carries only what it does not: random picks, successors
 * drawn, the proposal and temperature of annealing, the stochastic climb's
 * uphill count, tabu rows passed over and aspiration, the weights a
 * breakout raised, a restart's reason. */
var QueensLocal = (function () {
  'use strict';
  var M = QueensModel, OP = M.OP;
  var MINUS = '\u2212';

  /* Each approach's rule, in words, from its crate (crates/<name>/src). */
  var RULES = {
    'min-conflicts-random': {
      pick: 'a queen drawn at random among the attacked queens (the write-up draws a random column and ' +
        'moves its queen only when it is attacked)',
      move: 'to a row of its column with the fewest conflicts, its own row included; ties broken at random',
      restart: 'a fresh greedy board after n\u00B2 iterations without a solution'
    },
    'min-conflicts-most-conflicted': {
      pick: 'half the time the most attacked queen (ties at random), otherwise a random attacked queen',
      move: 'to a row of its column with the fewest conflicts, its own row included; ties broken at random',
      restart: 'a fresh greedy board after n\u00B2 iterations without a solution'
    },
    'swap-search': {
      pick: 'an attacked queen drawn from the list of attacked queens',
      move: 'swap it with random partners (up to 2n tries) and keep the first swap that lowers the collisions',
      restart: 'a fresh start after 4n + 100 queens taken without a solution (the C reference\'s limit)'
    },
    'hill-climbing': {
      move: 'steepest ascent: a successor with the lowest h of all n(n\u22121), ties at random; ' +
        'it stops when none is better',
      restart: 'none: a stuck climb gives up'
    },
    'hill-climbing-sideways': {
      move: 'steepest ascent; when the best successor is only as good, it moves there anyway ' +
        '(a sideways move), up to 100 in a row',
      restart: 'none: a climb stuck at a local minimum, or out of sideways moves, gives up'
    },
    'random-restart': {
      move: 'steepest ascent: a successor with the lowest h of all n(n\u22121), ties at random',
      restart: 'a fresh random board whenever a climb has no better successor'
    },
    'random-restart-sideways': {
      move: 'steepest ascent with up to 100 sideways moves in a row',
      restart: 'a fresh random board whenever a climb is stuck (a local minimum, or its sideways moves spent)'
    },
    'first-choice': {
      move: 'successors drawn at random, without replacement, until one has a lower h',
      restart: 'none: when all n(n\u22121) are drawn and none is better, it gives up'
    },
    'annealing': {
      move: 'a random successor (random column, random other row), taken when h falls or stays, ' +
        'else with probability e^(\u0394E/T), T falling each iteration',
      restart: 'none: when T reaches 0 unsolved, it gives up'
    },
    'beam': {
      move: 'each generation makes every successor of its k boards (k = 10) and keeps the k best; ' +
        'the board shown is the best of the generation',
      restart: 'none'
    },
    'genetic': {
      move: 'each generation breeds a new population: parents drawn in proportion to fitness, cut at a ' +
        'random point and joined, then a random queen mutated with probability 0.1; the board shown is ' +
        'the best of the generation',
      restart: 'none'
    },
    'mrv-tuned': {
      move: 'the row with the fewest free columns (ties at random), columns from the centre out',
      restart: 'a new attempt with fresh random ties after 4n + 100 placements without a board'
    }
  };

  var plural = QueensPanels.plural;
  function ordinal(k) {
    var tens = k % 100, ones = k % 10;
    return k + (tens > 10 && tens < 14 ? 'th' : ones === 1 ? 'st' : ones === 2 ? 'nd' : ones === 3 ? 'rd' : 'th');
  }
  function list(xs) {
    return xs.length <= 1 ? xs.join('') : xs.slice(0, -1).join(', ') + ' and ' + xs[xs.length - 1];
  }

  /* What a board's line and position are called: columns and rows of the
   * min-conflicts and AIMA boards, rows and columns of swap-search's. */
  function names(t) {
    return t.byRow ? { line: 'row', pos: 'column', lines: 'rows', poss: 'columns' }
      : { line: 'column', pos: 'row', lines: 'columns', poss: 'rows' };
  }

  /* costs[p]: the queens attacking position p of `line` (its own queen left out); 1-based. */
  function lineCosts(board, line) {
    var out = [null];
    for (var p = 1; p <= board.length; p++) out.push(M.attackersAt(board, line, p));
    return out;
  }

  /* Attacking pairs of a complete board (the same read by lines or positions). */
  function pairs(board) {
    return M.conflicts(board.map(function (pos, i) { return [pos, i + 1]; })).pairs;
  }

  /* grid[l][p]: h of the successor that moves line l's queen to p (null on its own square). */
  function successors(board) {
    var h = pairs(board), grid = [null], best = Infinity, count = 0, better = 0;
    for (var l = 1; l <= board.length; l++) {
      var costs = lineCosts(board, l), here = costs[board[l - 1]], row = [null];
      for (var p = 1; p <= board.length; p++) {
        if (p === board[l - 1]) { row.push(null); continue; }
        var v = h - here + costs[p];
        row.push(v);
        if (v < best) { best = v; count = 0; }
        if (v === best) count++;
        if (v < h) better++;
      }
      grid.push(row);
    }
    return { h: h, grid: grid, best: best, bestCount: count, better: better };
  }

  /* Swap-search's collisions: over every occupied diagonal, its queens less one. */
  function collisions(cols) {
    var diag = {}, anti = {}, k = 0;
    cols.forEach(function (c, i) {
      diag[i - c] = (diag[i - c] || 0) + 1;
      anti[i + c] = (anti[i + c] || 0) + 1;
    });
    [diag, anti].forEach(function (m) { Object.keys(m).forEach(function (key) { k += m[key] - 1; }); });
    return k;
  }

  function narrates(code) { return M.isMove(code) || M.isSwap(code) || code === OP.RESTART; }

  /* The board before event k (s: the state after it). */
  function before(t, s, k) {
    var b = s.board.slice(), at = t.offs[k], code = t.kinds[k];
    if (M.isMove(code)) b[t.ops[at + 1] - 1] = t.ops[at + 2];
    else if (M.isSwap(code)) { var x = b[t.ops[at + 1] - 1]; b[t.ops[at + 1] - 1] = b[t.ops[at + 2] - 1]; b[t.ops[at + 2] - 1] = x; }
    return b;
  }

  /* The decision of event s.pos − 1 (a move, swap or restart): { text, ok,
   * why } where ok says the event follows its approach's rule and why
   * says how not. */
  function decision(t, s) {
    var k = s.pos - 1, code = t.kinds[k], at = t.offs[k], ops = t.ops, w = names(t), algo = t.info.algo;
    if (code === OP.RESTART) return restartDecision(t, s, ops[at + 1], ops[at + 2]);
    var b = before(t, s, k);
    if (M.isSwap(code)) {
      var a = ops[at + 1], c = ops[at + 2], c0 = collisions(b), c1 = collisions(s.board);
      var attacked = M.attackersAt(b, a, b[a - 1]) > 0;
      return {
        ok: c1 < c0 && attacked, why: c1 < c0 ? 'row ' + a + ' was not attacked' : 'the collisions did not fall',
        text: 'The queen of row ' + a + ' is attacked. Tried with random partners, ' +
          (s.moved.tried ? 'the ' + ordinal(s.moved.tried) + ' try, ' : '') + 'row ' + c +
          ', lowers the diagonal collisions from ' + c0 + ' to ' + c1 + ': rows ' + a + ' and ' + c +
          ' exchange their columns.'
      };
    }
    var m = s.moved, line = m.line, costs = lineCosts(b, line), stay = m.from === m.to;
    if (code === OP.MOVE_PICKED) return minConflicts(t, b, m, costs, w);
    if (code === OP.MOVE_PROPOSED) return annealing(b, m, costs, w);
    if (code === OP.MOVE_TABU) return tabu(b, m, costs, w);
    if (code === OP.MOVE_BREAKOUT || algo === 'constraint-weighting') return breakout(b, m, w);
    var succ = successors(b), hAfter = succ.grid[line][m.to];
    var where = 'The queen of ' + w.line + ' ' + line + ' moves from ' + w.pos + ' ' + m.from + ' to ' + m.to;
    if (code === OP.MOVE_TRIED) {
      return {
        ok: hAfter < succ.h, why: 'the successor taken is not better',
        text: where + ': h falls from ' + succ.h + ' to ' + hAfter + '. It is the first better successor ' +
          'drawn at random, on the ' + ordinal(s.moved.tried) + ' draw; ' + succ.better + ' of the ' +
          (t.n * (t.n - 1)) + ' are better.'
      };
    }
    if (code === OP.MOVE_UPHILL) {
      var total = 0;
      succ.grid.forEach(function (row) {
        if (row) row.forEach(function (v) { if (v !== null && v < succ.h) total += succ.h - v; });
      });
      return {
        ok: hAfter < succ.h && m.uphill === succ.better && succ.h - hAfter === m.fall,
        why: 'not one of the successors that lower h',
        text: where + ': h falls from ' + succ.h + ' to ' + hAfter + '. It was drawn at random among the ' +
          plural(m.uphill, 'successor', 'successors') + ' that lower h, each with probability proportional to ' +
          'how much it lowers h: this one ' + m.fall + ' of ' + total + '.'
      };
    }
    if (stay) return { ok: false, why: 'a climb never stays put', text: where + '.' };
    var sideways = hAfter === succ.h;
    var tie = succ.bestCount > 1 ? ' It was drawn at random among the ' + succ.bestCount + ' successors with that h.'
      : ' No other successor is as good.';
    return {
      ok: hAfter === succ.best && (sideways ? /sideways/.test(algo) : true),
      why: hAfter === succ.best ? 'a sideways move by a climb that allows none' : 'not a best successor',
      text: where + (sideways
        ? ': a sideways move, h stays ' + succ.h + ' (sideways move ' + s.sideways + ' in a row): no successor is better.'
        : ': h falls from ' + succ.h + ' to ' + hAfter + ', the lowest of all ' + (t.n * (t.n - 1)) + ' successors.') + tie
    };
  }

  function minConflicts(t, b, m, costs, w) {
    var min = Infinity, best = [], p, attacked = 0, most = 0;
    for (p = 1; p < costs.length; p++) min = Math.min(min, costs[p]);
    for (p = 1; p < costs.length; p++) if (costs[p] === min) best.push(p);
    for (var l = 1; l <= b.length; l++) {
      var a = M.attackersAt(b, l, b[l - 1]);
      if (a > 0) attacked++;
      most = Math.max(most, a);
    }
    var own = costs[m.from], picked = M.attackersAt(b, m.line, m.from);
    var pick = m.most
      ? 'The queen of ' + w.line + ' ' + m.line + ' was picked as one of the most attacked (' + plural(picked, 'attacker', 'attackers') + ').'
      : 'The queen of ' + w.line + ' ' + m.line + ' was drawn at random among the ' + plural(attacked, 'attacked queen', 'attacked queens') + '.';
    var move;
    if (m.from === m.to && best.length === 1) {
      move = ' It stays on ' + w.pos + ' ' + m.from + ': no other ' + w.pos + ' has as few conflicts (' + own + ').';
    } else if (m.from === m.to) {
      move = ' It stays on ' + w.pos + ' ' + m.from + ': ' + w.poss + ' ' + list(best.map(String)) + ' tie at ' +
        plural(min, 'conflict', 'conflicts') + ', and the random tie-break kept its own.';
    } else if (own === min) {
      move = ' It moves from ' + w.pos + ' ' + m.from + ' to ' + m.to + ', a sideways move: both have ' +
        plural(min, 'conflict', 'conflicts') + ', and the random tie-break among ' + list(best.map(String)) + ' chose ' + m.to + '.';
    } else {
      move = ' It moves from ' + w.pos + ' ' + m.from + ' (' + plural(own, 'conflict', 'conflicts') + ') to ' +
        w.pos + ' ' + m.to + ' (' + plural(min, 'conflict', 'conflicts') + '), the fewest in its ' + w.line + (best.length > 1 ? ', drawn at random among ' + w.poss + ' ' +
        list(best.map(String)) : '') + '.';
    }
    return {
      ok: costs[m.to] === min && (!m.most || picked === most) && picked > 0,
      why: costs[m.to] !== min ? 'not a row with the fewest conflicts' : picked === 0 ? 'an unattacked queen moved'
        : 'not a most attacked queen',
      text: pick + move
    };
  }

  /* Tabu search: min-conflicts' random attacked queen, its best row among
   * those not tabu (the page does not keep the tabu list: the trace says
   * how many rows were passed over, and whether the row taken aspired). */
  function tabu(b, m, costs, w) {
    var attacked = 0, picked = M.attackersAt(b, m.line, m.from);
    for (var l = 1; l <= b.length; l++) if (M.attackersAt(b, l, b[l - 1]) > 0) attacked++;
    var pick = 'The queen of ' + w.line + ' ' + m.line + ' was drawn at random among the ' +
      plural(attacked, 'attacked queen', 'attacked queens') + '.';
    var skipped = m.tabu ? ' ' + plural(m.tabu, 'tabu ' + w.pos, 'tabu ' + w.poss) + ' (left within the tenure) passed over.' : '';
    var move;
    if (m.from === m.to) move = ' Every other ' + w.pos + ' is tabu and none beats the lowest h seen: it stays.';
    else move = ' It moves from ' + w.pos + ' ' + m.from + ' (' + plural(costs[m.from], 'conflict', 'conflicts') + ') to ' +
      w.pos + ' ' + m.to + ' (' + plural(costs[m.to], 'conflict', 'conflicts') + '), the fewest among the ' + w.poss +
      ' it may take.' + (m.aspiration ? ' ' + w.pos[0].toUpperCase() + w.pos.slice(1) + ' ' + m.to +
      ' was tabu, taken by aspiration: the board it gives has fewer attacking pairs than any seen.' : '');
    return { ok: picked > 0, why: 'an unattacked queen moved', text: pick + move + skipped };
  }

  /* Constraint weighting: the move that lowers the total weight of the
   * attacking pairs most; after local minima, the weights that grew. */
  function breakout(b, m, w) {
    var h0 = pairs(b), after = b.slice();
    after[m.line - 1] = m.to;
    var h1 = pairs(after);
    var grew = m.minima ? 'After ' + plural(m.minima, 'local minimum', 'local minima') +
      ' (no move lowered the weighted cost), the weight of every attacking pair grew by one, ' +
      plural(m.bumped, 'weight', 'weights') + ' raised in all. ' : '';
    return {
      ok: m.from !== m.to, why: 'a weighting move stays put',
      text: grew + 'The queen of ' + w.line + ' ' + m.line + ' moves from ' + w.pos + ' ' + m.from + ' to ' + m.to +
        ', the move that lowers the total weight of the attacking pairs most (ties at random); h goes from ' +
        h0 + ' to ' + h1 + '.'
    };
  }

  function annealing(b, m, costs, w) {
    var dE = costs[m.from] - costs[m.proposed], T = m.temperature, taken = m.to === m.proposed;
    var head = 'Proposed: the queen of ' + w.line + ' ' + m.line + ' from ' + w.pos + ' ' + m.from + ' to ' + m.proposed +
      ', \u0394E = ' + (dE < 0 ? MINUS + (-dE) : dE) + ' at T = ' + formatT(T) + '. ';
    var text;
    if (dE > 0) text = 'h falls: taken.';
    else if (dE === 0) text = 'h stays: taken without a draw (e\u2070 = 1).';
    else {
      var prob = T > 0 ? Math.exp(dE / T) : 0;
      text = 'h rises by ' + (-dE) + ': taken with probability e^(\u0394E/T) = ' + formatP(prob) +
        (taken ? '; the draw said yes.' : '; the draw said no, the queen stays.');
    }
    return { ok: dE >= 0 ? taken : true, why: 'a downhill proposal refused', text: head + text };
  }

  function formatT(T) { return T >= 0.01 ? T.toFixed(3) : T.toExponential(2); }
  function formatP(p) { return p >= 0.001 ? p.toFixed(3) : p === 0 ? '0' : p.toExponential(1); }

  function restartDecision(t, s, reason, after) {
    var algo = t.info.algo;
    if (reason === M.REASON.LIMIT) {
      var what = algo === 'swap-search' ? plural(after, 'attacked queen taken', 'attacked queens taken')
        : algo === 'mrv-tuned' ? plural(after, 'placement', 'placements') : plural(after, 'iteration', 'iterations');
      return { ok: after > 0, why: 'a limit of 0', text: 'Restart: the attempt reached its limit, ' + what +
        ' without a solution, so the search starts again' + (s.board ? ' from a new board.' : ' from the empty board.') };
    }
    if (reason === M.REASON.STUCK && s.board) {
      var succ = successors(s.board), n = t.n, why;
      if (succ.best > succ.h) why = 'a local minimum: each of the ' + (n * (n - 1)) + ' successors is worse than h = ' + succ.h;
      else if (algo === 'first-choice') why = 'all ' + (n * (n - 1)) + ' successors drawn, none better than h = ' + succ.h;
      else if (/sideways/.test(algo)) why = 'a plateau: the best successors only equal h = ' + succ.h + ', and the ' +
        plural(s.restart.sideways, 'sideways move', 'sideways moves') + ' in a row spent its allowance';
      else why = 'a plateau: the best successors only equal h = ' + succ.h + ', and this climb makes no sideways move';
      return { ok: succ.best >= succ.h, why: 'a better successor was left', text: 'Restart: the climb is stuck, ' + why + '.' };
    }
    return { ok: true, text: 'Restart: the search gives up on this board and starts again from a new one.' };
  }

  /* The narration of a move, swap or restart (draw.js asks for it). */
  function narrate(t, s) {
    try { return decision(t, s).text; } catch (e) { return 'Event ' + s.pos + ': ' + (e && e.message || e); }
  }

  /* The queen the next event moves, and the cost of each square it may take:
   * { line, costs, kind } or null. */
  function upcoming(t, s) {
    if (!s.board || s.pos >= t.events) return null;
    var code = t.kinds[s.pos], at = t.offs[s.pos];
    if (!M.isMove(code)) return null;
    var line = t.ops[at + 1];
    if (code === OP.MOVE_PICKED || code === OP.MOVE_TABU) return { line: line, costs: lineCosts(s.board, line), kind: 'conflicts' };
    var succ = successors(s.board);
    return { line: line, grid: succ.grid, h: succ.h, kind: 'h' };
  }

  /* Writes the numbers of `next` on the page's board: conflicts of each
   * square of the moving queen's line, or h of every successor (n <= 16). */
  function annotateBoard(t, next) {
    var body = document.querySelector('#board tbody');
    if (!body) return;
    Array.prototype.forEach.call(body.querySelectorAll('.local-n'), function (e) { e.remove(); });
    if (!next || t.n > 32) return;
    var rows = body.querySelectorAll('tr');
    function cell(line, pos) {
      var r = t.byRow ? line : pos, c = t.byRow ? pos : line, tr = rows[r - 1];
      return tr ? tr.querySelectorAll('td')[c - 1] : null;
    }
    function put(line, pos, v, best) {
      var td = cell(line, pos);
      if (!td || td.classList.contains('q')) return;
      var tag = document.createElement('span');
      tag.className = 'local-n' + (best ? ' local-best' : '');
      tag.textContent = String(v);
      td.appendChild(tag);
    }
    var p, l;
    if (next.kind === 'conflicts') {
      var min = Math.min.apply(null, next.costs.slice(1));
      for (p = 1; p <= t.n; p++) put(next.line, p, next.costs[p], next.costs[p] === min);
    } else if (t.n <= 16) {
      var best = Infinity;
      for (l = 1; l <= t.n; l++) for (p = 1; p <= t.n; p++) if (next.grid[l][p] !== null) best = Math.min(best, next.grid[l][p]);
      for (l = 1; l <= t.n; l++) for (p = 1; p <= t.n; p++) if (next.grid[l][p] !== null) put(l, p, next.grid[l][p], next.grid[l][p] === best);
    }
  }

  var el = QueensPanels.el;

  function render(box, ctx) {
    var t = ctx.trace, s = ctx.state, rule = RULES[t.info.algo] || {}, w = names(t);
    box.textContent = '';
    box.appendChild(el('h2', '', 'How it decides'));
    var dl = el('dl', 'local-rule');
    [['Pick', rule.pick], ['Move', rule.move], ['Restart', rule.restart]].forEach(function (row) {
      if (!row[1]) return;
      dl.appendChild(el('dt', '', row[0]));
      dl.appendChild(el('dd', '', row[1]));
    });
    box.appendChild(dl);
    var last = s.pos > 0 ? t.kinds[s.pos - 1] : -1, now = el('p', 'local-now');
    box.removeAttribute('data-ok');
    if (narrates(last)) {
      var d = decision(t, s);
      now.textContent = d.text;
      box.setAttribute('data-ok', d.ok ? '1' : '0');
    } else if (last === OP.BOARD) {
      now.textContent = 'Generation ' + s.steps + ': its best board has ' +
        plural(M.conflicts(M.queensOf(t, s)).pairs, 'attacking pair', 'attacking pairs') + '.';
    } else if (last === OP.INIT) {
      now.textContent = 'A new board: ' + plural(pairs(s.board), 'attacking pair', 'attacking pairs') + '.';
    } else {
      now.textContent = s.pos === 0 ? 'No board yet.' : '';
    }
    box.appendChild(now);
    var next = null;
    try { next = upcoming(t, s); } catch (e) { next = null; }
    // Only the page's own panel writes on the page's board (not a selftest's copy).
    if (box.isConnected) annotateBoard(t, next);
    if (next) {
      box.setAttribute('data-next-line', String(next.line));
      box.appendChild(el('p', 'note', next.kind === 'conflicts'
        ? 'Next: the queen of ' + w.line + ' ' + next.line + ' moves. The numbers on its ' + w.line +
          ' are the queens that would attack it on each square; the highlighted ones are the fewest.'
        : 'Next: a move from this board (h = ' + next.h + '). ' + (t.n <= 16
          ? 'Each empty square shows h if its ' + w.line + '\'s queen moved there; highlighted: the lowest.'
          : 'The board is too large to number every square.')));
    } else {
      box.removeAttribute('data-next-line');
    }
  }

  /* Replays t and checks every decision against its approach's rule, and
   * that the panel shows the decision of a few events. */
  function check(t) {
    var problems = [], s = M.initial(), shown = 0;
    while (s.pos < t.events && problems.length < 3) {
      M.apply(t, s);
      if (!narrates(s.code)) continue;
      var d = decision(t, s);
      if (!d.ok) problems.push('event ' + s.pos + ': ' + d.why);
      if (shown < 3 && typeof document !== 'undefined') {
        shown++;
        var box = document.createElement('section');
        render(box, { trace: t, state: s, event: s.pos, n: t.n, algo: t.info.algo, packed: t.info });
        var text = box.querySelector('.local-now').textContent;
        if (text !== d.text) problems.push('event ' + s.pos + ': the panel says "' + text + '"');
      }
    }
    return problems;
  }

  if (typeof QueensPanels !== 'undefined') {
    QueensPanels.register({
      id: 'local',
      applies: function (p) { return !!RULES[p.algo]; },
      render: render,
      checkTrace: check
    });
  }

  return {
    RULES: RULES, narrates: narrates, narrate: narrate, decision: decision, upcoming: upcoming,
    lineCosts: lineCosts, pairs: pairs, successors: successors, collisions: collisions, check: check
  };
})();
