//! The record of `repair`: the repaired URL, the verdict, the steps and the candidates.

use serde::Serialize;
use urlkit::charset::repair::{
    Action, Candidate as LibCandidate, Repair as LibRepair, Step as LibStep,
};

use crate::envelope::True;
use crate::lint::Span;

/// `urlkit repair --json` (docs/json.md, `urlkit repair`).
///
/// ```
/// let r = urlkit::charset::repair::repair("https://example.com/a").unwrap();
/// let rec = urlkit_records::repair::Repair::new("https://example.com/a", &r);
/// assert_eq!(rec.verdict, "unchanged");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repair {
    /// The legacy readings weighed, best first.
    pub candidates: Vec<Candidate>,
    /// The charset read, when something was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charset: Option<&'static str>,
    /// The input as text.
    pub input: String,
    /// `true`.
    pub ok: True,
    /// The repaired URL, or the input unchanged.
    pub output: String,
    /// What was found and done, in input order.
    pub steps: Vec<Step>,
    /// `repaired`, `unchanged`, `ambiguous` or `none`.
    pub verdict: &'static str,
}

impl Repair {
    /// The record of `input` repaired as `r` says.
    pub fn new(input: impl Into<String>, r: &LibRepair) -> Repair {
        Repair {
            candidates: r.candidates.iter().map(Candidate::from).collect(),
            charset: r.charset,
            input: input.into(),
            ok: True,
            output: r.output.clone(),
            steps: r.steps.iter().map(Step::from).collect(),
            verdict: r.verdict.name(),
        }
    }
}

/// One step of a repair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// `undo-mojibake`, `read-legacy`, `broken-utf8`, `declaration-ignored`, `kept-ambiguous`.
    pub action: &'static str,
    /// The run's reading.
    pub after: String,
    /// The run as written (or this layer's mojibake).
    pub before: String,
    /// The charset of this step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charset: Option<&'static str>,
    /// `path`, `query:NAME`, `query-name`, `fragment` or `text`.
    pub component: String,
    /// For `broken-utf8`: `overlong`, `surrogate`, `too-large`, `truncated`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defect: Option<&'static str>,
    /// For `undo-mojibake`: 1 = outermost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layer: Option<usize>,
    /// The sentence printed on stderr.
    pub message: String,
    /// Why (a declaration, an ambiguity).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The run's bytes in the input.
    pub span: Span,
}

impl From<&LibStep> for Step {
    fn from(s: &LibStep) -> Step {
        let (layer, defect) = match s.action {
            Action::UndoMojibake { layer } => (Some(layer), None),
            Action::BrokenUtf8(kind) => (None, Some(kind.name())),
            _ => (None, None),
        };
        Step {
            action: s.action.name(),
            after: s.after.clone(),
            before: s.before.clone(),
            charset: s.charset,
            component: s.place.to_string(),
            defect,
            layer,
            message: s.to_string(),
            note: (!s.note.is_empty()).then(|| s.note.clone()),
            span: Span::from(&s.span),
        }
    }
}

/// One legacy reading weighed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The charset.
    pub charset: &'static str,
    /// Why it scored what it did.
    pub evidence: Vec<Points>,
    /// Within the margin of the best.
    pub kept: bool,
    /// The URL this reading gives.
    pub output: String,
    /// Charsets that read the runs identically.
    pub same_as: Vec<&'static str>,
    /// Its score.
    pub score: i32,
    /// One per run.
    pub texts: Vec<String>,
}

/// Points given to a reading, and why: `{"points", "reason"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Points {
    /// The points.
    pub points: i32,
    /// Why.
    pub reason: String,
}

impl From<&LibCandidate> for Candidate {
    fn from(c: &LibCandidate) -> Candidate {
        Candidate {
            charset: c.charset,
            evidence: c
                .evidence
                .iter()
                .map(|e| Points {
                    points: e.points,
                    reason: e.reason.clone(),
                })
                .collect(),
            kept: c.kept,
            output: c.output.clone(),
            same_as: c.same_as.clone(),
            score: c.score,
            texts: c.texts.clone(),
        }
    }
}
