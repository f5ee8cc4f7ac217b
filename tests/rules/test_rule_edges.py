"""Hand-made games at the edges of the draw and end rules, where Rokada's
rules and python-chess's `outcome()` are known to word things differently.
Every ply is compared with python-chess's predicates as in the random games;
each test also asserts the fact that makes its position interesting, so it
cannot pass vacuously."""

import chess

from harness import compare_records, expected_record, pgn_text, proven_dead, replay, run


def play_through(fen, sans):
    """Replays `sans` from `fen` in Rokada and python-chess, asserts that every
    ply agrees and returns (python boards, Rokada records), one per ply."""
    board = chess.Board(fen)
    boards = [board.copy()]
    for san in sans:
        board.push_san(san)
        boards.append(board.copy())
    actual = replay(pgn_text(fen, sans), "--every-ply")
    assert len(actual) == len(boards)
    for ply, (record, b) in enumerate(zip(actual, boards)):
        difference = compare_records(record, expected_record(b, ply))
        assert difference is None, f"ply {ply}: {difference}"
    return boards, actual


def test_stalemate_with_bare_minor_piece_is_stalemate():
    # python-chess's outcome() says insufficient material here; Rokada checks
    # for legal moves first. Both are draws.
    boards, records = play_through("kr6/B1K5/8/8/8/8/8/8 w - - 0 1", ["Bxb8"])
    final = boards[-1]
    assert final.is_stalemate() and final.is_insufficient_material()
    assert final.outcome().termination == chess.Termination.INSUFFICIENT_MATERIAL
    assert records[-1]["status"] == "stalemate"
    assert records[-1]["result"] == "1/2-1/2"


def test_fifth_occurrence_on_the_150th_quiet_half_move_is_fivefold():
    # python-chess's outcome() names the 75-move rule first; Rokada names the
    # repetition. Both are draws.
    shuffle = ["Nc3", "Nf6", "Nb1", "Ng8"] * 4
    boards, records = play_through("4k1n1/8/8/8/8/8/8/1N2K3 w - - 134 80", shuffle)
    final = boards[-1]
    assert final.is_fivefold_repetition() and final.is_seventyfive_moves()
    assert final.outcome().termination == chess.Termination.SEVENTYFIVE_MOVES
    assert records[-1]["status"] == "fivefold_repetition"
    assert [r["status"] for r in records[:-1]] == ["ongoing"] * len(shuffle)


def test_checkmate_on_the_150th_quiet_half_move_is_checkmate():
    boards, records = play_through("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80", ["Ra8#"])
    assert boards[-1].halfmove_clock == 150 and boards[-1].is_checkmate()
    assert records[-1]["status"] == "checkmate"
    assert records[-1]["result"] == "1-0"


def test_150th_quiet_half_move_ends_the_game():
    boards, records = play_through("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80", ["Rb1"])
    assert boards[-1].is_seventyfive_moves()
    assert records[-1]["status"] == "seventy_five_move_rule"


def test_fifty_move_claim_needs_the_hundredth_half_move_played():
    # python-chess's can_claim_fifty_moves() is already true at 99 when a
    # quiet move exists (the claim announced with a move); Rokada offers the
    # claim once the 100th half-move has been played.
    boards, records = play_through("6k1/5ppp/8/8/8/8/8/R5K1 w - - 98 80", ["Rb1", "Kh8"])
    assert boards[1].can_claim_fifty_moves() and not boards[1].is_fifty_moves()
    assert records[1]["claimable_draws"] == []
    assert records[2]["claimable_draws"] == ["fifty_move_rule"]


def test_threefold_claim_needs_the_third_occurrence_on_the_board():
    # python-chess's can_claim_threefold_repetition() is already true when the
    # next move would repeat the position a third time; Rokada counts the
    # current position only.
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    boards, records = play_through(chess.STARTING_FEN, shuffle)
    early = [
        ply
        for ply, b in enumerate(boards)
        if b.can_claim_threefold_repetition() and not b.is_repetition(3)
    ]
    assert early, "the line never offers python-chess's early claim"
    for ply in early:
        assert records[ply]["claimable_draws"] == []
    assert records[-1]["claimable_draws"] == ["threefold_repetition"]


def claims_threefold(record):
    return "threefold_repetition" in record["claimable_draws"]


EP_SHUFFLE = ["e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1"]


def test_position_with_legal_en_passant_differs_from_the_same_placement_without():
    # After 1. e4 black may take en passant: that position never recurs. The
    # placement stands after 1. e4, 3. Ng1, 5. Ng1 and 7. Ng1, but the third
    # occurrence of the position only comes with 7. Ng1.
    boards, records = play_through("4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1", EP_SHUFFLE)
    assert boards[1].has_legal_en_passant()
    assert records[1]["fen"].split()[3] == "e3"
    assert not claims_threefold(records[9])
    assert claims_threefold(records[13])


def test_en_passant_square_without_legal_capture_does_not_count():
    # The d4 pawn is pinned against its king: no en passant is possible after
    # 1. e4, the FEN shows no en passant square, and that position is the same
    # as the one after 3. Ng1: 5. Ng1 makes the third occurrence.
    boards, records = play_through("3k2n1/8/8/8/3p4/8/4P3/3RK1N1 w - - 0 1", EP_SHUFFLE)
    assert boards[1].ep_square is not None and not boards[1].has_legal_en_passant()
    assert records[1]["fen"].split()[3] == "-"
    assert claims_threefold(records[9])


def test_insufficient_material_cases():
    # K v K, K+N v K, K+B v K, bishops all on one colour: over at once.
    over = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/1b6/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/1b6/b7/3B4/8/4KB2 b - - 0 1",
    ]
    # K+N v K+N, K+2N v K, bishops on both colours, any pawn, rook or queen:
    # play on.
    going = [
        "4k1n1/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/2b1KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKB2 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ]
    for fen in over + going:
        _, records = play_through(fen, [])
        expected = "insufficient_material" if fen in over else "ongoing"
        assert records[0]["status"] == expected, fen


def test_the_move_that_locks_the_pawn_wall_ends_the_game_as_a_dead_position():
    # python-chess has no dead-position rule: up to the last ply the records
    # agree; the last is judged by visiting every reachable position.
    fen = "8/8/8/4k3/p1p1p1p1/2P1P1P1/P7/4K3 w - - 0 1"
    records = replay(pgn_text(fen, ["a3"]), "--every-ply")
    start = chess.Board(fen)
    assert compare_records(records[0], expected_record(start, 0)) is None
    final = start.copy()
    final.push_san("a3")
    assert not final.is_game_over(claim_draw=True) and not final.is_insufficient_material()
    assert proven_dead(final) is True
    assert records[-1]["status"] == "dead_position"
    assert records[-1]["result"] == "1/2-1/2"
    assert records[-1]["legal_moves"] == []
    # A move after the dead position is refused, naming the half-move.
    code, _, err = run(["replay", "-"], stdin=pgn_text(fen, ["a3", "Kd6"]))
    assert code == 2 and "2" in err


def test_a_flag_fall_where_the_opponent_cannot_mate_is_a_draw_in_pgn():
    # lichess.org/ijyj0mHa: White lost on time, but Black's bishop can never
    # mate behind the locked pawns. Rokada's PGN says what the Laws say.
    fen = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1"
    pgn = f'[SetUp "1"]\n[FEN "{fen}"]\n[Result "0-1"]\n[Termination "time forfeit"]\n\n0-1\n'
    code, out, err = run(["replay", "--pgn", "-"], stdin=pgn)
    assert code == 0, err
    assert '[Result "1/2-1/2"]' in out and '[Termination "time forfeit"]' in out
