// Whether this tab has entered a room or the lobby since it loaded: the transition video plays when moving from
// one room to another, not on the first scene after sign-in or a reload.
let entered = false;

export function hasEnteredAScene(): boolean {
  return entered;
}

export function markSceneEntered(): void {
  entered = true;
}
