//! What repair reports: a verdict, the output, the steps taken and the candidates weighed.

use std::fmt;
use std::ops::Range;

use super::run::BrokenUtf8;
use super::unit::Place;

/// The verdict on a URL (or on bytes, for [`decode_auto`](super::decode_auto)).
///
/// ```
/// use urlkit::charset::repair::Verdict;
/// assert_eq!(Verdict::Ambiguous.name(), "ambiguous");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Something was repaired: one reading remained, or all that remained read the same.
    Repaired,
    /// Nothing to repair: no run, or every run is UTF-8 and no mojibake.
    Unchanged,
    /// Several readings remain, a run is too short to tell, or a run has more layers of
    /// mojibake than are undone: nothing was changed.
    Ambiguous,
    /// A run no charset reads (broken UTF-8: overlong, surrogate, cut short): nothing was
    /// changed.
    None,
}

impl Verdict {
    /// The stable lowercase name used in JSON.
    ///
    /// ```
    /// use urlkit::charset::repair::Verdict;
    /// assert_eq!(Verdict::None.name(), "none");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Repaired => "repaired",
            Verdict::Unchanged => "unchanged",
            Verdict::Ambiguous => "ambiguous",
            Verdict::None => "none",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Undid one layer of mojibake (`layer` counts from 1, outermost): UTF-8 read in another
    /// charset, named by the step.
    UndoMojibake {
        /// Which layer.
        layer: usize,
    },
    /// Read a run in a legacy charset and rewrote it as UTF-8.
    ReadLegacy,
    /// Found broken UTF-8, which no charset reads.
    BrokenUtf8(BrokenUtf8),
    /// A declared charset was not used: it does not decode the runs.
    DeclarationIgnored,
    /// Left a run as written: the reading is ambiguous.
    KeptAmbiguous,
    /// Left a run as written: its mojibake lost a byte (a strict decoder wrote U+FFFD), so
    /// the reading in `after` has U+FFFD where a character was.
    LostByte,
}

impl Action {
    /// The stable kebab-case name used in JSON.
    ///
    /// ```
    /// use urlkit::charset::repair::Action;
    /// assert_eq!(Action::ReadLegacy.name(), "read-legacy");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Action::UndoMojibake { .. } => "undo-mojibake",
            Action::ReadLegacy => "read-legacy",
            Action::BrokenUtf8(_) => "broken-utf8",
            Action::DeclarationIgnored => "declaration-ignored",
            Action::KeptAmbiguous => "kept-ambiguous",
            Action::LostByte => "lost-byte",
        }
    }
}

/// One thing repair found or did, located in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What was done.
    pub action: Action,
    /// The component.
    pub place: Place,
    /// The byte span in the input.
    pub span: Range<usize>,
    /// The charset involved (`Shift_JIS`, `ISO-8859-1`), if any.
    pub charset: Option<&'static str>,
    /// The text before: the run as written, or the mojibake text of this layer.
    pub before: String,
    /// The text after (empty when nothing changed).
    pub after: String,
    /// Why, in a few words (the reason of an ambiguity, a declaration); empty when the step
    /// needed no words.
    pub note: String,
    /// What the step writes in place of `span` (the run as UTF-8 escapes in a URL): on a
    /// legacy reading taken and on the innermost undone mojibake layer; `None` otherwise.
    /// Whether it was applied is the verdict's business: a URL is repaired wholly or not at
    /// all.
    pub replacement: Option<String>,
}

impl fmt::Display for Step {
    /// A sentence that stands alone; control characters in the texts are escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let charset = self.charset.unwrap_or("?");
        match self.action {
            Action::UndoMojibake { layer } => write!(
                f,
                "undid mojibake ({charset}, layer {layer}) in {}: {:?} -> {:?}",
                self.place, self.before, self.after
            ),
            Action::ReadLegacy => {
                write!(
                    f,
                    "read {} in {} as {charset}: {:?}",
                    self.before, self.place, self.after
                )?;
                if !self.note.is_empty() {
                    write!(f, " ({})", self.note)?;
                }
                Ok(())
            }
            Action::BrokenUtf8(kind) => write!(
                f,
                "{} in {} is {kind}, which no charset reads{}",
                self.before,
                self.place,
                if self.note.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", self.note)
                }
            ),
            Action::DeclarationIgnored => write!(f, "{}", self.note),
            Action::LostByte => write!(
                f,
                "kept {} in {} as written: it reads as {:?}, but {}",
                self.before, self.place, self.after, self.note
            ),
            Action::KeptAmbiguous => {
                write!(
                    f,
                    "kept {} in {} as written: {}",
                    self.before, self.place, self.note
                )
            }
        }
    }
}

/// One piece of evidence for or against a reading, with its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// Points added (negative: taken away).
    pub points: i32,
    /// What was seen.
    pub reason: String,
}

/// A reading of the legacy runs: the charset (and any others that read the same), its score
/// and evidence, the text of each run and the URL it would give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The charset.
    pub charset: &'static str,
    /// Other charsets that read the runs the same way.
    pub same_as: Vec<&'static str>,
    /// The total of the evidence.
    pub score: i32,
    /// Whether the candidate remained after ranking.
    pub kept: bool,
    /// The text of each run, in order.
    pub texts: Vec<String>,
    /// The URL this reading gives.
    pub output: String,
    /// Why the score is what it is.
    pub evidence: Vec<Evidence>,
}

/// The result of repairing one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The repaired URL, or the input when the verdict is not [`Verdict::Repaired`].
    pub output: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The charset the legacy runs were read in, or the charset of the first undone mojibake
    /// layer.
    pub charset: Option<&'static str>,
    /// What was found and done, in input order.
    pub steps: Vec<Step>,
    /// The readings weighed for the legacy runs, best first (empty without legacy runs).
    pub candidates: Vec<Candidate>,
}
