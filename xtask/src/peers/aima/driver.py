"""Our driver for `cargo xtask peers --only aima` (written for queens-lab;
no aima-python code is copied here): it imports aima-python's `csp.py` from
the installed PyPI package `aima` and prints one JSON line per run.

aima-python (Norvig et al., MIT), `csp.py`: `NQueensCSP(n)` (variables =
columns 0..n-1, values = rows), `backtracking_search` (AIMA 3rd ed. Fig.
6.5) with `first_unassigned_variable | mrv`, `unordered_domain_values |
lcv`, `no_inference | forward_checking | mac`, `min_conflicts` (Fig. 6.8).

Commands:
  version
      {"package": "aima", "version": ..., "python": ...}
  backtrack VAR VAL INF N SEED DEADLINE FIXES...
      one line per FIXES entry (comma-separated fix names, `-` for none):
      {"fixes": ..., "status": "ok"|"timeout", "nodes": ..., "board": [...]}
  min-conflicts N FIRST_SEED SEEDS MAX_STEPS DEADLINE
      one line per seed: {"seed": s, "status": "solved"|"failed"|"timeout",
      "steps": moves made}

A fix replaces one piece of aima's behaviour by queens-lab's, through the
parameters `backtracking_search` takes or a subclass of `NQueensCSP`, so
that the cause of a difference can be shown by experiment:
  ties     mrv breaks ties by the lowest variable (aima: `argmin_random_tie`)
  blind    mrv counts the values no assigned queen attacks (aima reads
           `curr_domains`, which no_inference never prunes)
  restore  a restored domain is put back in ascending order (aima's
           `CSP.restore` appends the values at the end)
  lcv      lcv orders by the values ruled out in the unassigned variables'
           domains, AIMA 3rd ed. Section 6.3.1 (aima's `lcv` sorts by
           `nconflicts` with the assigned variables)
  mac      the search reads whether AC-3 succeeded (aima's `mac` returns
           AC3b's pair `(consistent, checks)`, a non-empty tuple that
           `backtracking_search` always takes as success)
"""

import json
import platform
import random
import sys
import time
from importlib import metadata

from aima import csp
from aima.utils import argmin_random_tie


class Timeout(Exception):
    """The run passed its deadline."""


class Queens(csp.NQueensCSP):
    """aima's NQueensCSP, with a deadline checked at each assignment and
    optionally the `restore` fix."""

    def __init__(self, n, deadline, sorted_restore):
        super().__init__(n)
        self.deadline = deadline
        self.sorted_restore = sorted_restore
        self.loops = 0

    def assign(self, var, val, assignment):
        if self.nassigns % 4096 == 0 and time.monotonic() > self.deadline:
            raise Timeout()
        super().assign(var, val, assignment)

    def restore(self, removals):
        super().restore(removals)
        if self.sorted_restore:
            for var in {var for var, _ in removals}:
                self.curr_domains[var] = sorted(self.curr_domains[var])

    def conflicted_vars(self, current):
        # min_conflicts calls this once per loop turn: count the turns.
        self.loops += 1
        if self.loops % 1024 == 0 and time.monotonic() > self.deadline:
            raise Timeout()
        return super().conflicted_vars(current)


def legal(problem, var, assignment, inference):
    """The values of `var` that no assigned queen rules out: the current
    domain under look-ahead, else the values with no conflict."""
    if inference is not csp.no_inference and problem.curr_domains is not None:
        return problem.curr_domains[var]
    return [v for v in problem.domains[var] if problem.nconflicts(var, v, assignment) == 0]


def variable_order(name, fixes, inference):
    if name == "first":
        return csp.first_unassigned_variable
    if "ties" not in fixes and "blind" not in fixes:
        return csp.mrv

    def key_of(problem, assignment):
        if "blind" in fixes:
            return lambda var: len(legal(problem, var, assignment, inference))
        return lambda var: csp.num_legal_values(problem, var, assignment)

    def select(assignment, problem):
        free = [v for v in problem.variables if v not in assignment]
        key = key_of(problem, assignment)
        if "ties" in fixes:
            return min(free, key=key)  # the first (lowest) of the fewest
        return argmin_random_tie(free, key=key)

    return select


def value_order(name, fixes, inference):
    if name == "unordered":
        return csp.unordered_domain_values
    if "lcv" not in fixes:
        return csp.lcv

    def ruled_out(problem, var, value, assignment):
        return sum(
            1
            for other in problem.variables
            if other != var and other not in assignment
            for v in legal(problem, other, assignment, inference)
            if not csp.queen_constraint(var, value, other, v)
        )

    def order(var, assignment, problem):
        values = list(problem.choices(var))
        return sorted(values, key=lambda v: ruled_out(problem, var, v, assignment))

    return order


INFERENCES = {"none": csp.no_inference, "forward": csp.forward_checking, "mac": csp.mac}


def consistent_mac(problem, var, value, assignment, removals):
    """aima's `mac`, with its consistency flag as the answer."""
    return csp.mac(problem, var, value, assignment, removals)[0]


def backtrack(var, val, inf, n, seed, seconds, fix_sets):
    for entry in fix_sets:
        fixes = set() if entry == "-" else set(entry.split(","))
        inference = INFERENCES[inf]
        if inf == "mac" and "mac" in fixes:
            inference = consistent_mac
        random.seed(seed)
        problem = Queens(n, time.monotonic() + seconds, "restore" in fixes)
        line = {"fixes": entry}
        try:
            result = csp.backtracking_search(
                problem,
                select_unassigned_variable=variable_order(var, fixes, inference),
                order_domain_values=value_order(val, fixes, inference),
                inference=inference,
            )
            line["status"] = "ok" if result else "none"
            line["board"] = [result[v] for v in range(n)] if result else None
        except Timeout:
            line["status"] = "timeout"
            line["board"] = None
        line["nodes"] = problem.nassigns
        print(json.dumps(line), flush=True)


def min_conflicts(n, first_seed, seeds, max_steps, seconds):
    for seed in range(first_seed, first_seed + seeds):
        random.seed(seed)
        problem = Queens(n, time.monotonic() + seconds, False)
        try:
            solved = csp.min_conflicts(problem, max_steps=max_steps) is not None
            # conflicted_vars runs once per turn and once more to see the
            # solution; a turn is one move.
            status = "solved" if solved else "failed"
            steps = problem.loops - 1 if solved else max_steps
        except Timeout:
            status, steps = "timeout", problem.loops - 1
        print(json.dumps({"seed": seed, "status": status, "steps": steps}), flush=True)


def main(args):
    if args[:1] == ["version"]:
        print(json.dumps({
            "package": "aima",
            "version": metadata.version("aima"),
            "python": platform.python_version(),
        }))
    elif args[:1] == ["backtrack"] and len(args) >= 8:
        var, val, inf = args[1:4]
        backtrack(var, val, inf, int(args[4]), int(args[5]), float(args[6]), args[7:])
    elif args[:1] == ["min-conflicts"] and len(args) == 6:
        n, first, seeds, steps = map(int, args[1:5])
        min_conflicts(n, first, seeds, steps, float(args[5]))
    else:
        sys.exit("usage: driver.py version | backtrack VAR VAL INF N SEED DEADLINE FIXES... "
                 "| min-conflicts N FIRST_SEED SEEDS MAX_STEPS DEADLINE")


if __name__ == "__main__":
    main(sys.argv[1:])
