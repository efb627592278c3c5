//! The teacher's notes for running the exercises in class: each command
//! an exercise asks the students to run, with how long the measured run
//! it repeats took on the measured machine (from the data, never typed by
//! hand), so a teacher knows which commands fit in a lesson.

use serde::Serialize;

use super::Ctx;

/// One command of an exercise and the time of the run it repeats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Command {
    /// The command as the exercise writes it.
    pub command: String,
    /// Median seconds of the measured runs of the same approach, search
    /// and n (over samples, or over seeds for a local search); `None` when
    /// this report did not time such a run.
    pub seconds: Option<f64>,
}

/// The commands of one exercise done at the computer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exercise {
    /// Its number (`3.1`).
    pub number: String,
    /// Its commands, in the order the exercise gives them.
    pub commands: Vec<Command>,
}

/// The notes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Classroom {
    /// The machine the times come from.
    pub cpu: String,
    /// Its cores.
    pub cores: usize,
    /// The exercises with a command, in course order.
    pub exercises: Vec<Exercise>,
    /// The longest of the commands' times, if any was timed.
    pub longest: Option<f64>,
}

/// The commands of an exercise's text: its code spans that run a program
/// (`queens …`, `cargo …`, or one wrapped in `/usr/bin/time`).
pub fn commands(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            matches!(
                span.split_whitespace().next(),
                Some("queens" | "cargo" | "/usr/bin/time")
            )
        })
        .collect()
}

/// The options that make a `queens` run other than the timed runs of the
/// report (which count, find a first board, or find one board per seed).
const UNTIMED: [&str; 9] = [
    "--depths",
    "--trace",
    "-v",
    "--order",
    "--values",
    "--propagate",
    "--backtrack",
    "--shard",
    "--checkpoint",
];

/// The median seconds of the measured run that `command` repeats: the
/// same approach (`--algo`), search (count, `--first`, or a local search's
/// one board), n (the last word) and threads (one, or every core of the
/// measured machine). The time is the search's own, as `--json` reports it.
pub fn seconds(ctx: &Ctx, command: &str) -> Option<f64> {
    let args: Vec<&str> = command
        .split_whitespace()
        .skip_while(|w| *w != "queens")
        .skip(1)
        .collect();
    let value = |flag: &str| args.windows(2).find(|w| w[0] == flag).map(|w| w[1]);
    if args.iter().any(|a| UNTIMED.contains(a)) {
        return None;
    }
    let algo = value("--algo")?;
    let n: usize = args.last()?.parse().ok()?;
    // Several threads: the every-core count, if that many are every core.
    if let Some(threads) = value("--threads").filter(|t| *t != "1") {
        let every_core = threads.parse::<usize>().ok()? == ctx.data.meta.cores;
        return every_core
            .then(|| ctx.parallel(algo)?.at(n).map(|p| p.seconds()))
            .flatten();
    }
    if let Some(local) = ctx.local(algo) {
        return local.at(n).map(|p| p.seconds());
    }
    if let Some(start) = ctx
        .data
        .textbook
        .iter()
        .find(|r| r.approach == algo && r.knobs.is_empty() && r.n == n && r.starts > 0)
    {
        return Some(start.nanos_median as f64 / 1e9);
    }
    let series = if args.contains(&"--first") {
        ctx.first(algo)
    } else {
        ctx.count(algo)
    };
    series?.at(n).map(|p| p.seconds())
}

/// The notes for `exercises` (number, kind, text), in course order: those
/// done at the computer (`run`) that give a command.
pub fn classroom<'e>(
    ctx: &Ctx,
    exercises: impl IntoIterator<Item = (&'e str, &'e str, &'e str)>,
) -> Classroom {
    let exercises: Vec<Exercise> = exercises
        .into_iter()
        .filter(|(_, kind, _)| *kind == "run")
        .map(|(number, _, text)| Exercise {
            number: number.to_string(),
            commands: commands(text)
                .into_iter()
                .map(|c| Command {
                    command: c.to_string(),
                    seconds: seconds(ctx, c),
                })
                .collect(),
        })
        .filter(|e| !e.commands.is_empty())
        .collect();
    let longest = exercises
        .iter()
        .flat_map(|e| &e.commands)
        .filter_map(|c| c.seconds)
        .reduce(f64::max);
    Classroom {
        cpu: ctx.data.meta.cpu_model.clone(),
        cores: ctx.data.meta.cores,
        exercises,
        longest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Family;
    use crate::lessons::test_data::{committed, raw_count};

    #[test]
    fn an_exercises_commands_are_its_code_spans_that_run_a_program() {
        let text = "Run `queens --algo bitmask 8` and `/usr/bin/time -v queens 9`; \
                    read `steps`, then `cargo run -p x`.";
        assert_eq!(
            commands(text),
            [
                "queens --algo bitmask 8",
                "/usr/bin/time -v queens 9",
                "cargo run -p x"
            ]
        );
    }

    #[test]
    fn a_command_takes_the_time_of_the_run_it_repeats() {
        let data = committed();
        let ctx = Ctx::new(&data);
        // A count: the median of its samples, recomputed by hand.
        let raw = raw_count(&data, "bitmask", 12);
        let got = seconds(&ctx, "queens --algo bitmask --json 12").expect("timed");
        assert!((got - raw.median / 1e9).abs() < 1e-12, "{got}");
        // The same words with --first: the first-solution run, not the count.
        let first = ctx.first("bitmask").unwrap().at(12).unwrap().seconds();
        assert_eq!(
            seconds(&ctx, "queens --algo bitmask --first 12"),
            Some(first)
        );
        assert_ne!(Some(first), Some(got));
        // On every core: the every-core count.
        let cores = data.meta.cores;
        let parallel = ctx.parallel("half-join").unwrap().at(15).unwrap().seconds();
        let command = format!("queens --algo half-join --threads {cores} 15");
        assert_eq!(seconds(&ctx, &command), Some(parallel));
        // Runs the report does not time.
        let more_threads = format!("queens --algo half-join --threads {} 15", cores + 1);
        for untimed in [
            "queens --algo bitmask --depths 8",
            "queens --algo csp --order mrv --json 12",
            &more_threads,
            "queens --algo bitmask 99",
            "cargo run --release -p queens-block-sums -- --compare-orders",
        ] {
            assert_eq!(seconds(&ctx, untimed), None, "{untimed}");
        }
        // A local search: its one board per seed, whatever --seed says.
        let local = data
            .samples
            .iter()
            .find(|s| s.family == Family::Local && s.nanos.is_some())
            .expect("local samples are committed");
        let command = format!(
            "queens --algo {} --seed 4 --json {}",
            local.approach, local.n
        );
        let median = ctx
            .local(&local.approach)
            .unwrap()
            .at(local.n)
            .unwrap()
            .seconds();
        assert_eq!(seconds(&ctx, &command), Some(median));
    }

    #[test]
    fn the_notes_keep_the_run_exercises_with_a_command() {
        let data = committed();
        let ctx = Ctx::new(&data);
        let c = classroom(
            &ctx,
            [
                ("1.1", "run", "Run `queens --algo bitmask 12`."),
                ("1.2", "paper", "Draw `queens --algo bitmask 4`."),
                ("1.3", "run", "Think, with no command."),
                ("1.4", "run", "Run `queens --algo bitmask --depths 8`."),
            ],
        );
        let numbers: Vec<&str> = c.exercises.iter().map(|e| e.number.as_str()).collect();
        assert_eq!(numbers, ["1.1", "1.4"]);
        assert_eq!(c.longest, c.exercises[0].commands[0].seconds);
        assert!(c.longest.is_some());
        assert_eq!(c.exercises[1].commands[0].seconds, None);
    }
}
