//! Parts of a large result drawn some animation frames after the rest, so that drawing it (and the
//! browser's layout of what is drawn) is several tasks rather than one.

use leptos::prelude::*;

/// What `draw` draws, `frames` animation frames after this is drawn (at once when `frames` is 0); nothing
/// if the view is gone by then.
pub fn deferred(frames: u32, draw: impl FnOnce() -> AnyView + 'static) -> impl IntoView {
    let ready = RwSignal::new(frames == 0);
    let draw = StoredValue::new_local(Some(draw));
    after_frames(frames, move || {
        ready.try_set(true);
    });
    // `ready` changes once, so the view is drawn once.
    move || {
        ready
            .get()
            .then(|| {
                draw.try_update_value(Option::take)
                    .flatten()
                    .map(|draw| draw())
            })
            .flatten()
    }
}

fn after_frames(frames: u32, then: impl FnOnce() + 'static) {
    if frames == 0 {
        then();
    } else {
        request_animation_frame(move || after_frames(frames - 1, then));
    }
}
