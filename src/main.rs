//! The `chronicle` binary: everything lives in the library; this only runs it.

fn main() -> std::process::ExitCode {
    chronicle::cli::main()
}
