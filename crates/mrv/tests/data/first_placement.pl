% first_placement.pl -- the first placement of O'Keefe's Queens.Pl.
%
%   swipl first_placement.pl -- PROGRAM N   ->  the seed's queens(N) output
%                                               (`none` if there is none);
%                                               the CPU time on stderr
%
% PROGRAM is the peer's restored copy of the seed program
% (/work/shared/peers/prolog/okeefe_queens.pl), loaded unmodified.
:- initialization(main, main).

main :-
    current_prolog_flag(argv, [Program, A]),
    atom_number(A, N),
    ensure_loaded(Program),
    statistics(cputime, T0),
    ( queens(N) -> true ; write(none), nl ),
    statistics(cputime, T1),
    T is T1 - T0,
    format(user_error, "~w s~n", [T]).
