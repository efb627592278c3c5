//! `--output FILE`: where a found board goes, as the 1-based column of each
//! row, one per line. The file is opened (staged) before the search, so a
//! path that cannot be written is refused at once, and replaced only when a
//! valid board is complete ([`crate::destination`] has the rule).

use std::io::{self, BufWriter, Write};

use queens_core::is_solution;

use crate::destination::Destination;

/// Boards up to this size print in full; larger ones print a summary line
/// and go to `--output` when asked.
pub const PRINT_LIMIT: usize = 1000;

/// Why a board did not reach `--output`.
#[derive(Debug)]
pub enum OutputError {
    /// The board failed the checker: nothing was written.
    Invalid,
    /// Writing or replacing the file failed.
    Io(io::Error),
}

/// Boards from this size on are checked on a second thread while they are
/// written (a board of 10⁹ queens takes about as long to check as to write).
const CHECK_BESIDE: usize = 1 << 20;

/// Writes `cols` (0-based) to the destination and puts it in place, only if
/// the board is a solution; says whether it is one (the check is made
/// exactly once). A file's board is written to its staged copy while a
/// second thread checks it, and only a valid one replaces the file; a
/// stream gets the board only once it has passed.
pub fn write_board(destination: Destination, cols: &[u32]) -> (bool, Result<(), OutputError>) {
    let beside = destination.stream().is_none() && cols.len() >= CHECK_BESIDE;
    let (valid, written) = if beside {
        std::thread::scope(|s| {
            let check = s.spawn(|| is_solution(cols));
            let written = destination.writer().and_then(|w| write_columns(w, cols));
            (check.join().unwrap_or(false), written)
        })
    } else if is_solution(cols) {
        (
            true,
            destination.writer().and_then(|w| write_columns(w, cols)),
        )
    } else {
        (false, Ok(()))
    };
    if !valid {
        // The staged copy is dropped: the file is left as it was.
        return (false, Err(OutputError::Invalid));
    }
    let put = written.and_then(|()| destination.commit());
    (true, put.map_err(OutputError::Io))
}

/// One 1-based column per line, buffered; formats digits by hand, since a
/// board of 10⁸ rows is written through this loop.
pub fn write_columns(out: impl Write, cols: &[u32]) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    let mut line = [0u8; 11];
    for &c in cols {
        let mut v = c + 1;
        let mut i = line.len() - 1;
        line[i] = b'\n';
        loop {
            i -= 1;
            line[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        out.write_all(&line[i..])?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn columns_are_one_based_one_per_line() {
        let mut buf = Vec::new();
        write_columns(&mut buf, &[0, 9, 99, 4_294_967_294]).unwrap();
        assert_eq!(String::from_utf8(buf).unwrap(), "1\n10\n100\n4294967295\n");
    }

    #[test]
    fn only_a_valid_board_replaces_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.txt");
        fs::write(&path, "keep\n").unwrap();
        let open = || Destination::open(&path, "--output").unwrap();
        assert!(matches!(
            write_board(open(), &[0, 1, 2, 3]),
            (false, Err(OutputError::Invalid))
        ));
        assert_eq!(fs::read_to_string(&path).unwrap(), "keep\n");
        assert!(write_board(open(), &[1, 3, 0, 2]).0);
        assert_eq!(fs::read_to_string(&path).unwrap(), "2\n4\n1\n3\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_large_board_checked_beside_its_writing_replaces_the_file_only_if_valid() {
        // Evens then odds (1-based) is a solution when n mod 6 is 4.
        let n = CHECK_BESIDE as u32;
        assert_eq!(n % 6, 4);
        let good: Vec<u32> = (0..n / 2)
            .map(|k| 2 * k + 1)
            .chain((0..n / 2).map(|k| 2 * k))
            .collect();
        let mut bad = good.clone();
        bad.swap(10, 11);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.txt");
        fs::write(&path, "keep\n").unwrap();
        let open = || Destination::open(&path, "--output").unwrap();
        assert!(matches!(
            write_board(open(), &bad),
            (false, Err(OutputError::Invalid))
        ));
        assert_eq!(fs::read_to_string(&path).unwrap(), "keep\n");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        assert!(matches!(write_board(open(), &good), (true, Ok(()))));
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), n as usize);
        assert!(text.starts_with("2\n4\n6\n"));
    }
}
