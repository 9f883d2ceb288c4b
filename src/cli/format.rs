//! The global flags that say how to print: the format of data and colour.

/// How to print data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
    Md,
    /// A map of the board (`export` only).
    Svg,
    /// A self-contained page (`export` only).
    Html,
}

/// Whether messages and titles are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
