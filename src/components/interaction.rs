//! What the reader does with one finished check: the selection shared by its pairs table and texts, the
//! authority panel a citation's number opened (and the number, which gets the focus back), and the step
//! of the walk-through shown.

use crate::browser;
use crate::present::selection::Selection;
use crate::present::walkthrough::StepKind;
use leptos::prelude::*;
use lexeval_core::authority_key::AuthorityKey;

#[derive(Clone, Copy)]
pub struct Interaction {
    pub selection: RwSignal<Option<Selection>>,
    /// The authority whose panel is open.
    pub panel: RwSignal<Option<AuthorityKey>>,
    opener: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
    /// The walk-through's step (index into its steps), when it is shown.
    pub step: RwSignal<Option<usize>>,
    /// Prefix of the view's ids.
    pub prefix: &'static str,
}

impl Interaction {
    pub fn new(prefix: &'static str) -> Interaction {
        Interaction {
            selection: RwSignal::new(None),
            panel: RwSignal::new(None),
            opener: StoredValue::new_local(None),
            step: RwSignal::new(None),
            prefix,
        }
    }

    /// The class of the walk-through's step shown, which highlights what the step adds.
    pub fn walk_class(&self) -> &'static str {
        self.step
            .get()
            .and_then(|i| StepKind::ALL.get(i))
            .map_or("", |step| step.class())
    }

    /// A new result: nothing selected, opened or walked through.
    pub fn clear(&self) {
        self.selection.set(None);
        self.panel.set(None);
        self.step.set(None);
    }

    /// A citation's number chosen: its authority's pairs selected and its panel opened beside `opener`.
    pub fn open_panel(&self, key: AuthorityKey, opener: Option<web_sys::HtmlElement>) {
        self.opener.set_value(opener);
        self.selection.set(Some(Selection::Authority(key.clone())));
        self.panel.set(Some(key));
    }

    /// The number that opened the panel, to place the panel beside it.
    pub fn opener(&self) -> Option<web_sys::HtmlElement> {
        self.opener.get_value()
    }

    /// Closes the panel and gives the focus back to the number that opened it.
    pub fn close_panel(&self) {
        self.panel.set(None);
        if let Some(opener) = self.opener.get_value() {
            let _ = opener.focus();
        }
    }

    /// Brings the selection's other half into view: its rows in the table for a selection made in a text,
    /// its claims in both texts (each in its scroll box) for a row. A citation's number opens its panel
    /// instead, which takes the focus beside it.
    pub fn follow_selection(self) {
        let prefix = self.prefix;
        Effect::new(move |_| {
            let Some(selection) = self.selection.get() else {
                return;
            };
            request_animation_frame(move || match selection {
                Selection::Pair(_) => {
                    for side in ["reference", "candidate"] {
                        browser::scroll_to(&format!("#{prefix}-annotated-{side} .selected"));
                    }
                }
                Selection::Claim(..) => {
                    browser::scroll_to(&format!("#{prefix}-pairs tr.selected"));
                }
                Selection::Authority(_) => {}
            });
        });
    }
}
