//! `--output FILE`: where a found board goes when it is too big to print, as
//! the 1-based column of each row, one per line.
//!
//! The file is created before the search starts, so a path that cannot be
//! written is refused at once rather than after minutes of search, and it is
//! removed again if the run ends without a board to put in it.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Boards up to this size print in full; larger ones print a summary line
/// and go to `--output` when asked.
pub const PRINT_LIMIT: usize = 1000;

/// The destination named by `--output`.
pub enum BoardOutput {
    /// `--output -`: standard output.
    Stdout,
    /// A file created before the search.
    File {
        /// The path as the user gave it.
        path: PathBuf,
        /// The open, still empty file.
        file: File,
        /// Set once the board is written; otherwise dropping removes the file.
        kept: bool,
    },
}

impl BoardOutput {
    /// Opens the destination (`-` is standard output); the error names the path.
    pub fn create(path: &Path) -> Result<BoardOutput, String> {
        if path == Path::new("-") {
            return Ok(BoardOutput::Stdout);
        }
        let file = File::create(path)
            .map_err(|e| format!("cannot create --output file {}: {e}", path.display()))?;
        Ok(BoardOutput::File {
            path: path.to_path_buf(),
            file,
            kept: false,
        })
    }

    /// How the summary line names the destination.
    pub fn describe(&self) -> String {
        match self {
            BoardOutput::Stdout => "standard output".into(),
            BoardOutput::File { path, .. } => path.display().to_string(),
        }
    }

    /// Writes the board (0-based columns in, 1-based out) and keeps the file.
    pub fn write(&mut self, cols: &[u32]) -> io::Result<()> {
        match self {
            BoardOutput::Stdout => write_columns(&mut io::stdout().lock(), cols),
            BoardOutput::File { file, kept, .. } => {
                write_columns(&mut *file, cols)?;
                file.sync_all()?;
                *kept = true;
                Ok(())
            }
        }
    }
}

impl Drop for BoardOutput {
    fn drop(&mut self) {
        if let BoardOutput::File {
            path, kept: false, ..
        } = self
        {
            let _ = std::fs::remove_file(path);
        }
    }
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

    #[test]
    fn columns_are_one_based_one_per_line() {
        let mut buf = Vec::new();
        write_columns(&mut buf, &[0, 9, 99, 4_294_967_294]).unwrap();
        assert_eq!(String::from_utf8(buf).unwrap(), "1\n10\n100\n4294967295\n");
    }

    #[test]
    fn an_unwritten_file_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.txt");
        drop(BoardOutput::create(&path).unwrap());
        assert!(!path.exists());
        let mut kept = BoardOutput::create(&path).unwrap();
        kept.write(&[1, 3, 0, 2]).unwrap();
        drop(kept);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "2\n4\n1\n3\n");
        let missing = dir.path().join("no/such/dir/board.txt");
        let err = BoardOutput::create(&missing).err().unwrap();
        assert!(err.contains("no/such/dir/board.txt"), "{err}");
    }
}
