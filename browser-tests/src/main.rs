//! The `chronicle` program, built as this package's own binary: Cargo builds it with the
//! library as it is now before the browser tests run it, as it does the main package's
//! binary for the main tests.

fn main() -> std::process::ExitCode {
    chronicle::cli::main()
}
