//! The global flags that say how to print: the format of data and colour.

/// How to print data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
    Md,
    /// A map of the board (`export` only: its help lists it).
    #[value(hide = true)]
    Svg,
    /// A self-contained page (`export` only).
    #[value(hide = true)]
    Html,
    /// One BG Stats `createPlay` link per game (`export` only).
    #[value(hide = true)]
    Bgstats,
}

impl Format {
    /// As typed after `--format`.
    pub const fn key(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Json => "json",
            Format::Csv => "csv",
            Format::Md => "md",
            Format::Svg => "svg",
            Format::Html => "html",
            Format::Bgstats => "bgstats",
        }
    }
}

/// Whether messages and titles are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
