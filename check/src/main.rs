//! `heaplab-check CERT [VALUES]`: prints `VALID` and exits 0, or prints why not and exits 2
//! (invalid), 3 (unsupported: not checked, never a pass) or 1 (unreadable input).

use heaplab_check::{check, Verdict};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 2 {
        eprintln!("usage: heaplab-check CERT [VALUES]");
        return ExitCode::from(1);
    }
    let cert = match std::fs::read_to_string(&args[0]) {
        Ok(text) => text,
        Err(e) => {
            println!("UNREADABLE: {}: {e}", args[0]);
            return ExitCode::from(1);
        }
    };
    let mut values = match args.get(1).map(std::fs::File::open).transpose() {
        Ok(file) => file.map(std::io::BufReader::new),
        Err(e) => {
            println!("UNREADABLE: {}: {e}", args[1]);
            return ExitCode::from(1);
        }
    };
    let reader = values.as_mut().map(|r| r as &mut dyn std::io::Read);
    match check(&cert, reader) {
        Verdict::Valid => {
            println!("VALID");
            ExitCode::SUCCESS
        }
        Verdict::Invalid(why) => {
            println!("INVALID: {why}");
            ExitCode::from(2)
        }
        Verdict::Unsupported(what) => {
            println!("UNSUPPORTED: {what}");
            ExitCode::from(3)
        }
        Verdict::Unreadable(why) => {
            println!("UNREADABLE: {why}");
            ExitCode::from(1)
        }
    }
}
