// SPDX-License-Identifier: Apache-2.0
/// Whether a new activity may start: the limits that keep a frame's cost bounded and keep any
/// one client, or any one user, from taking every place.
extension Engine {
    /// Throws `limit` with the reason when `owner` may not start `id` now. `replacing` is true
    /// when `id`'s last run is still kept (ended), and the new run takes its place.
    func checkRoom(for id: String, owner: Owner, replacing: Bool) throws(ControlError) {
        let added = replacing ? 0 : 1
        if activities.count + added > Engine.maximumActivities {
            throw ControlError(
                "\(Engine.maximumActivities) activities are already on screen or waiting, the most Halo keeps; dismiss finished ones before showing more",
                code: .limit)
        }
        guard !owner.isHost else { return }
        var byClients = 0, byUser = 0, byConnection = 0
        for a in activities where a.id != id && !a.owner.isHost {
            byClients += 1
            if a.owner.user == owner.user { byUser += 1 }
            if a.owner == owner { byConnection += 1 }
        }
        if byConnection >= Engine.maximumActivitiesPerOwner {
            throw ControlError(
                "this connection already has \(Engine.maximumActivitiesPerOwner) activities, the most one client may hold; dismiss finished ones before showing more",
                code: .limit)
        }
        if owner.user != nil && byUser >= Engine.maximumActivitiesPerUser {
            throw ControlError(
                "this user's programs already have \(Engine.maximumActivitiesPerUser) activities, the most one user may hold; dismiss finished ones (each program should dismiss what it showed) before showing more",
                code: .limit)
        }
        if byClients >= Engine.maximumActivities - Engine.placesKeptForHost {
            throw ControlError(
                "clients already hold \(Engine.maximumActivities - Engine.placesKeptForHost) activities, the most they may together (\(Engine.placesKeptForHost) places are kept for the boot splash); dismiss finished ones before showing more",
                code: .limit)
        }
    }
}
