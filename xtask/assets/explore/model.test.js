/* The explorer's model under node's test runner (`node --test`), run by
 * xtask's test `the_model_passes_its_node_tests` with:
 *   QUEENS_SCRIPTS  the page's DOM-free scripts (the table of operations,
 *                   model.js, panels.js, local.js, lab.js), as the page holds them;
 *   QUEENS_TRACES   packed traces, as the page embeds them (the committed ones);
 *   QUEENS_EVERY    a packed trace with one event of every kind, and
 *   QUEENS_CODES    the operation codes Rust packed it into, in order. */
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const vm = require('node:vm');

vm.runInThisContext(fs.readFileSync(process.env.QUEENS_SCRIPTS, 'utf8'), { filename: 'page-scripts.js' });
const M = globalThis.QueensModel, L = globalThis.QueensLocal;
const traces = JSON.parse(fs.readFileSync(process.env.QUEENS_TRACES, 'utf8'));

test('the table of operations names every code once', () => {
  const names = QUEENS_OPS.map((op) => op.name);
  assert.strictEqual(new Set(names).size, names.length);
  names.forEach((name, code) => assert.strictEqual(M.OP[name], code));
});

test('a trace with every kind of event decodes into the codes Rust packed', () => {
  const packed = JSON.parse(fs.readFileSync(process.env.QUEENS_EVERY, 'utf8'));
  const codes = JSON.parse(fs.readFileSync(process.env.QUEENS_CODES, 'utf8'));
  const t = M.decode(packed);
  assert.deepStrictEqual(Array.from(t.kinds), codes);
});

test('a trace announcing more events than it holds is refused', () => {
  const p = Object.assign({}, traces[0], { events: traces[0].events + 1 });
  assert.throws(() => M.decode(p), /decoded/);
});

test('every committed trace replays as its end line says', () => {
  assert.ok(traces.length > 0, 'no traces');
  for (const p of traces) {
    const t = M.decode(p);
    assert.deepStrictEqual(M.verify(t), [], M.label(p));
    // Seeking back and forth reaches the same state as replaying.
    const mid = Math.floor(t.events / 2);
    assert.deepStrictEqual(M.seek(t, mid, M.seek(t, t.events)), M.seek(t, mid), M.label(p));
  }
});

test('every local decision follows its approach\'s rule', () => {
  let moves = 0;
  for (const p of traces.filter((q) => L.RULES[q.algo])) {
    const t = M.decode(p);
    assert.deepStrictEqual(L.check(t), [], M.label(p));
    moves += t.events;
  }
  assert.ok(moves > 0, 'no local search traced');
});

test('a move that stays put says why, never "from row r to r"', () => {
  let stays = 0;
  for (const p of traces.filter((q) => q.algo.startsWith('min-conflicts') || q.algo === 'annealing')) {
    const t = M.decode(p);
    const s = M.initial();
    while (s.pos < t.events) {
      M.apply(t, s);
      if (!M.isMove(s.code) || s.moved.from !== s.moved.to) continue;
      stays++;
      const text = L.narrate(t, s);
      assert.doesNotMatch(text, /from (row|column) (\d+) to \2\b/, text);
      assert.match(text, /stays|tie|draw said no/, text);
    }
  }
  assert.ok(stays > 0, 'no move stays put in the traces');
});

test('the conflicts of a line and h of the successors are those of the board', () => {
  // The 8-queens board of AIMA Fig. 4.3(a): h = 17 (entry i: row of column i + 1, from the top).
  const board = [5, 6, 7, 4, 5, 6, 7, 6].map((r) => 9 - r);
  assert.strictEqual(L.pairs(board), 17);
  const succ = L.successors(board);
  assert.strictEqual(succ.best, 12);  // the figure's best successors have h = 12
  assert.strictEqual(succ.bestCount, 8);
  // Collisions of a permutation: queens less one on each occupied diagonal.
  assert.strictEqual(L.collisions([1, 2, 3, 4]), 3);
  assert.strictEqual(L.collisions([2, 4, 1, 3]), 0);
});

test('the lab\'s domains: forward checking, then arc consistency to its fixed point', () => {
  const B = globalThis.QueensLab;
  const size = (row) => row.filter((v) => v === 'ok').length;
  // A queen in the corner of the 4-board: forward checking leaves two columns per row ...
  const fc = B.domains(4, [[1, 1]], false);
  assert.deepStrictEqual([2, 3, 4].map((r) => size(fc[r])), [2, 2, 2]);
  assert.deepStrictEqual(B.wiped(fc), []);
  // ... and arc consistency proves the corner hopeless: some row is left with none.
  assert.ok(B.wiped(B.domains(4, [[1, 1]], true)).length > 0);
  // The second column of row 1 keeps a domain in every row (it starts a solution).
  assert.deepStrictEqual(B.wiped(B.domains(4, [[1, 2]], true)), []);
});

test('every csp trace places inside the domains and dies only on an empty one', () => {
  const csp = traces.filter((p) => p.algo === 'csp');
  assert.ok(csp.length > 0, 'no csp trace');
  for (const p of csp) assert.deepStrictEqual(globalThis.QueensLab.check(M.decode(p)), [], M.label(p));
});

test('the solutions so far count weights, as the end line does (issue 37, bug 3)', () => {
  let counted = 0;
  for (const p of traces.filter((q) => q.mode === 'count')) {
    const t = M.decode(p);
    assert.strictEqual(M.solutionsOf(t, M.seek(t, t.events)), p.solutions, M.label(p));
    counted++;
  }
  assert.ok(traces.some((q) => q.mode === 'count' && q.algo === 'half-join'), 'no half-join count traced');
  assert.ok(counted > 0);
});

test('a first-solution run names its first solution, even when it went on (issue 37, bug 1)', () => {
  for (const p of traces.filter((q) => q.mode === 'first' && q.solutions > 0)) {
    const t = M.decode(p), first = M.firstSolution(t);
    if (t.family === 'local' || t.family === 'board') continue;
    assert.ok(first, M.label(p));
    if (first.cols) assert.ok(M.safe(first.cols.map((c, i) => [i + 1, c])), M.label(p));
    if (!first.wentOn) assert.strictEqual(first.state.steps, p.steps, M.label(p));
  }
  const perm = traces.find((q) => q.algo === 'permutations' && q.n === 7 && q.mode === 'first');
  if (perm) {
    const first = M.firstSolution(M.decode(perm));
    assert.deepStrictEqual(first.cols, [7, 5, 3, 1, 6, 4, 2]);
    assert.ok(first.wentOn, 'permutations tests every board, past its first solution');
    assert.strictEqual(first.state.steps, 187);
  }
});

test('a local search counts the iterations that leave the queen in place apart', () => {
  let all = 0;
  for (const p of traces.filter((q) => L.RULES[q.algo])) {
    const t = M.decode(p), s = M.initial();
    let stays = 0;
    while (s.pos < t.events) {
      M.apply(t, s);
      // Read from the packed operation itself: the queen's line, where it was, where it goes.
      const at = t.offs[s.pos - 1];
      if (M.isMove(s.code) && t.ops[at + 2] === t.ops[at + 3]) stays++;
    }
    assert.strictEqual(s.stays, stays, M.label(p));
    all += stays;
  }
  assert.ok(all > 0, 'no stay in the traces');
});

test('side by side: two recordings that answer different questions are named (issue 37)', () => {
  const count = traces.find((q) => q.algo === 'half-join' && q.n === 8 && q.mode === 'count');
  const first = traces.find((q) => q.algo === 'bitmask' && q.n === 8 && q.mode === 'first');
  const mrv = traces.find((q) => q.algo === 'mrv' && q.n === 8 && q.mode === 'first');
  assert.ok(count && first && mrv, 'the traces compared side by side');
  const said = M.questionsDiffer(count, first);
  assert.match(said, /different questions/);
  assert.match(said, /counts every solution/);
  assert.match(said, /stops at its first solution/);
  assert.strictEqual(M.questionsDiffer(first, mrv), '', 'two first-solution runs at one n ask the same');
  const other = Object.assign({}, mrv, { n: 10 });
  assert.match(M.questionsDiffer(first, other), /n = 8 and n = 10/);
});

test('a mark in the address: an event, past the end the end, else none with a note', () => {
  assert.deepStrictEqual(M.parseMark(undefined, 40), { mark: null, note: '' });
  assert.deepStrictEqual(M.parseMark('12', 40), { mark: 12, note: '' });
  assert.deepStrictEqual(M.parseMark('0', 40), { mark: 0, note: '' });
  const past = M.parseMark('99', 40);
  assert.strictEqual(past.mark, 40);
  assert.match(past.note, /past the last event/);
  const bad = M.parseMark('x', 40);
  assert.strictEqual(bad.mark, null);
  assert.match(bad.note, /not an event number/);
});

test('a recording says why it holds its seed, or its one generation (issue 37)', () => {
  for (const p of traces) {
    const note = M.recordingNote(p, p.steps);
    if (p.seed > 1) assert.match(note, new RegExp('seeds? 1( to ' + (p.seed - 1) + ')?,'), M.label(p));
    else if (p.step === 'board' && p.steps === 1) assert.match(note, /first generation/, M.label(p));
    else assert.strictEqual(note, null, M.label(p));
  }
  assert.match(M.recordingNote({ algo: 'hill-climbing', n: 8, seed: 16, mode: 'first', step: 'move' }, 5),
    /each of seeds 1 to 15, hill-climbing at n = 8 ends without one/);
  assert.match(M.recordingNote({ algo: 'beam', n: 8, seed: 1, mode: 'first', step: 'board' }, 1), /first generation/);
});

test('half-join\'s pairs carry their two half boards: drawn together, a clash on a diagonal', () => {
  const OP = M.OP;
  // n = 4, the solution (2, 4, 1, 3) as an east half (columns 3 and 4) and a
  // west half, then the same east half beside a west half that clashes.
  const ops = [OP.PAIR_HALVES, 1, 2, 1, 0, 4, 0, 3, 2, 0, 1, 0,
    OP.PAIR_HALVES, 0, 0, 1, 0, 4, 0, 3, 1, 0, 2, 0];
  const p = { algo: 'half-join', n: 4, mode: 'count', seed: null, knobs: null, step: 'pair', events: 2,
    solutions: 2, steps: 2, ops: ops };
  const t = M.decode(p);
  assert.strictEqual(t.family, 'pairs');
  assert.ok(t.halves);
  assert.deepStrictEqual(M.verify(t), []);
  const joined = M.seek(t, 1);
  assert.deepStrictEqual(M.queensOf(t, joined), [[1, 2], [2, 4], [3, 1], [4, 3]]);
  assert.deepStrictEqual(M.halfQueens(4, joined).map((q) => q[2]), ['west', 'east', 'west', 'east']);
  assert.deepStrictEqual(M.halfClashes(4, joined), []);
  assert.deepStrictEqual(M.solutionMarks(t), [1]);
  const clash = M.seek(t, 2);
  assert.deepStrictEqual(M.halfClashes(4, clash), [[[4, 3], [3, 2]]]);
  // A pair marked joined whose halves share a diagonal is caught.
  const wrong = M.decode(Object.assign({}, p, { ops: ops.slice(0, 12).concat([OP.PAIR_HALVES, 1, 2, 1, 0, 4, 0, 3, 1, 0, 2, 0]) }));
  assert.match(M.verify(wrong).join(' '), /marked joined/);
  // Odd n: the row neither half holds has the middle column's queen.
  const odd = { east: [0, 0, 0, 0, 0], west: [0, 0, 0, 0, 0] };
  assert.deepStrictEqual(M.halfQueens(5, odd), [[1, 3, 'middle'], [2, 3, 'middle'], [3, 3, 'middle'], [4, 3, 'middle'], [5, 3, 'middle']]);
});
