//! The views reachable from the navigation bar, named in the address, storage and share links.

/// The views reachable from the navigation bar.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    Brief,
    Summary,
    Answer,
    Benchmarks,
    About,
}

impl View {
    pub const ALL: [View; 5] = [
        View::Brief,
        View::Summary,
        View::Answer,
        View::Benchmarks,
        View::About,
    ];

    pub fn label(self) -> &'static str {
        match self {
            View::Brief => "Brief check",
            View::Summary => "Summary check",
            View::Answer => "Answer check",
            View::Benchmarks => "Benchmarks",
            View::About => "About",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            View::Brief => "brief",
            View::Summary => "summary",
            View::Answer => "answer",
            View::Benchmarks => "benchmarks",
            View::About => "about",
        }
    }

    pub fn from_id(id: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.id() == id)
    }
}
