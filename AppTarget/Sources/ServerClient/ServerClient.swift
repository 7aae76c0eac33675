// The tests call its endpoints (Endpoints.swift, shared with AppClient) from a task and an actor.
