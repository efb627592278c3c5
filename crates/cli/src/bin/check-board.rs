//! `check-board FILE N`: verifies a board file as `queens --output` writes
//! it (the 1-based column of each row's queen, one per line, each line
//! ended by a newline): exactly N rows, every column from 1 to N once, no
//! two queens on a diagonal.
//!
//! Independent of the searches: it uses nothing of the workspace, only the
//! standard library, so a fault in their code or in the board writer cannot
//! hide itself. It streams the file, holding one bit per column and per
//! diagonal of both families (N + 2·2N bits: 625 MB for 10⁹ queens), and
//! reads a 10 GB file without holding it.
//!
//! Exit status: 0 for a solution (one line on stdout), 1 for a file that is
//! not one (one `error:` line on stderr naming the first fault and its
//! line), 2 for bad arguments or a file that cannot be read.

use std::fs::File;
use std::io::{self, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: check-board FILE N (FILE as queens --output writes it, - for \
                     standard input; N the board's size)";

/// Why a check stopped.
enum Fault {
    /// The file is not a solution of N queens (status 1).
    Board(String),
    /// The file could not be read (status 2).
    Read(io::Error),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let [file, n] = &args[..] else {
        eprintln!("error: {USAGE}");
        return ExitCode::from(2);
    };
    let n = match n.parse::<u64>() {
        Ok(n) if (1..=1 << 40).contains(&n) => n as usize,
        _ => {
            eprintln!("error: N must be a whole number from 1 to 2^40, not '{n}'");
            return ExitCode::from(2);
        }
    };
    let input: Box<dyn Read> = if file == "-" {
        Box::new(io::stdin().lock())
    } else {
        match File::open(file) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("error: cannot read {file}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    match check(input, n) {
        Ok(()) => {
            let shown = if file == "-" { "standard input" } else { file };
            let said = writeln!(
                io::stdout(),
                "{shown}: a solution of {n} queens ({n} rows, every column once, no two \
                 queens on a diagonal)"
            );
            if said.is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        Err(Fault::Board(why)) => {
            eprintln!("error: {why}");
            ExitCode::from(1)
        }
        Err(Fault::Read(e)) => {
            eprintln!("error: cannot read {file}: {e}");
            ExitCode::from(2)
        }
    }
}

/// A set of integers below a bound, one bit each.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    /// Adds `i`; false if it was there already.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (&mut self.0[i / 64], 1u64 << (i % 64));
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }
}

/// Streams `input` and checks it is a solution of `n` queens.
fn check(mut input: impl Read, n: usize) -> Result<(), Fault> {
    let mut columns = Bits::new(n);
    // Row r (0-based), column c (1-based): diagonal r + c − 1, anti-diagonal
    // r + n − c, both below 2n − 1.
    let mut diag = Bits::new(2 * n);
    let mut anti = Bits::new(2 * n);
    let mut buf = vec![0u8; 1 << 22];
    let mut row = 0usize; // rows complete
    let mut value = 0u64; // the number read so far on the current line
    let mut digits = 0usize; // its digits (0: nothing read yet)
    let line = |row: usize| row + 1;
    loop {
        let got = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(got) => got,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Fault::Read(e)),
        };
        for &b in &buf[..got] {
            match b {
                b'0'..=b'9' => {
                    if digits == 0 && b == b'0' {
                        let why = format!(
                            "line {}: a column begins with 0 (columns run from 1 to {n}, \
                             without leading zeros)",
                            line(row)
                        );
                        return Err(Fault::Board(why));
                    }
                    digits += 1;
                    value = value * 10 + u64::from(b - b'0');
                    if value > n as u64 {
                        let why = format!(
                            "line {}: column {}... is beyond the board's {n}",
                            line(row),
                            value
                        );
                        return Err(Fault::Board(why));
                    }
                }
                b'\n' => {
                    if digits == 0 {
                        let why = format!("line {}: empty, where a column was due", line(row));
                        return Err(Fault::Board(why));
                    }
                    if row == n {
                        let why = format!("more than {n} rows: line {} is one too many", row + 1);
                        return Err(Fault::Board(why));
                    }
                    let c = value as usize;
                    if !columns.insert(c - 1) {
                        let why = format!("line {}: column {c} is taken twice", line(row));
                        return Err(Fault::Board(why));
                    }
                    if !diag.insert(row + c - 1) {
                        let why = format!(
                            "line {}: the queen in column {c} shares a diagonal with one above it",
                            line(row)
                        );
                        return Err(Fault::Board(why));
                    }
                    if !anti.insert(row + n - c) {
                        let why = format!(
                            "line {}: the queen in column {c} shares an anti-diagonal with one \
                             above it",
                            line(row)
                        );
                        return Err(Fault::Board(why));
                    }
                    row += 1;
                    (value, digits) = (0, 0);
                }
                _ => {
                    let shown = if b.is_ascii_graphic() || b == b' ' {
                        format!("'{}'", b as char)
                    } else {
                        format!("byte {b:#04x}")
                    };
                    let why = format!(
                        "line {}: {shown} where a column (digits, then a newline) was due",
                        line(row)
                    );
                    return Err(Fault::Board(why));
                }
            }
        }
    }
    if digits > 0 {
        let why = format!(
            "line {}: not ended by a newline (the file is cut short?)",
            line(row)
        );
        return Err(Fault::Board(why));
    }
    if row < n {
        let why = format!("{row} rows, not {n} (the file is cut short?)");
        return Err(Fault::Board(why));
    }
    Ok(())
}
