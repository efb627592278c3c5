% count_placements.pl -- counts the placements of O'Keefe's Queens.Pl.
%
%   swipl count_placements.pl -- PROGRAM N   ->  "N SOLUTIONS PLACEMENTS"
%
% (the `--` keeps SWI-Prolog from loading PROGRAM as a second script)
%
% PROGRAM is the peer's restored copy of the seed program
% (/work/shared/peers/prolog/okeefe_queens.pl), loaded unmodified. Every call
% of place/2 but the first follows one successful member(Col, Columns), i.e.
% one queen placement, so PLACEMENTS = calls of place/2 - 1, counted with
% SWI-Prolog's wrap_predicate/4 over the whole search for every solution.
:- initialization(main, main).
:- use_module(library(prolog_wrap)).

main :-
    current_prolog_flag(argv, [Program, A]),
    atom_number(A, N),
    ensure_loaded(Program),
    wrap_predicate(place(_, _), count_calls, W, (flag(place_calls, C, C+1), W)),
    flag(place_calls, _, 0),
    aggregate_all(count, (make_initial_table(N, T), place(T, _)), Count),
    flag(place_calls, Calls, Calls),
    Placements is Calls - 1,
    format("~d ~d ~d~n", [N, Count, Placements]).
