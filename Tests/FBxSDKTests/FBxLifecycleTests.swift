import Testing

@testable import FBxSDK

/// The guide's §10 ordering rules as tables over every state.
@Suite struct FBxLifecycleTests {
    /// The events that bring a fresh lifecycle into `state` (with a usable view attached from
    /// preparing on).
    static func lifecycle(in state: FBxState) throws -> FBxLifecycle {
        let configured: [FBxLifecycle.Event] = [.configureRequested, .configurationSucceeded]
        let preparing = configured + [.viewAttached(usable: true), .preparationStarted]
        let ready = preparing + [.preparationSucceeded]
        let path: [FBxLifecycle.Event]
        switch state {
        case .unconfigured: path = []
        case .configuring: path = [.configureRequested]
        case .configured: path = configured
        case .configurationFailed: path = [.configureRequested, .configurationFailed]
        case .preparing: path = preparing
        case .preparationFailed: path = preparing + [.preparationFailed]
        case .ready: path = ready
        case .starting: path = ready + [.startRequested]
        case .active: path = ready + [.startRequested, .startSucceeded]
        case .stopping: path = ready + [.startRequested, .startSucceeded, .stopRequested]
        }
        var lifecycle = FBxLifecycle()
        for event in path { try lifecycle.handle(event) }
        #expect(lifecycle.state == state)
        return lifecycle
    }

    /// What an event gives: an action (and the state it leaves), or a refusal.
    enum Expected: Equatable, CustomStringConvertible {
        /// The state moves and the caller publishes it.
        case to(FBxState)
        /// The state stays; nothing to do.
        case stays
        /// The state stays; the caller prepares.
        case prepare
        /// Refused with `configurationNotSet`, nothing changed.
        case notConfigured
        /// Refused with `invalidState`, nothing changed.
        case invalid

        var description: String {
            switch self {
            case .to(let state): "to \(state)"
            case .stays: "stays"
            case .prepare: "prepare"
            case .notConfigured: "notConfigured"
            case .invalid: "invalid"
            }
        }
    }

    static func outcome(of event: FBxLifecycle.Event, in state: FBxState) throws -> Expected {
        var lifecycle = try lifecycle(in: state)
        let before = lifecycle
        do {
            switch try lifecycle.handle(event) {
            case .none:
                #expect(lifecycle.state == state)
                return .stays
            case .prepare:
                #expect(lifecycle.state == state)
                #expect(lifecycle.needsPreparation)
                return .prepare
            case .emitStateChanged(let next):
                #expect(lifecycle.state == next && next != state)
                #expect(!lifecycle.needsPreparation)
                return .to(next)
            case .emitStateChangedAndPrepare(let next):
                #expect(lifecycle.state == next && lifecycle.needsPreparation)
                return .to(next)
            }
        } catch .configurationNotSet {
            #expect(lifecycle == before)
            return .notConfigured
        } catch {
            guard case .invalidState = error else { Issue.record("unexpected \(error)"); return .stays }
            #expect(lifecycle == before)
            return .invalid
        }
    }

    static let notConfiguredStates: [FBxState] = [.unconfigured, .configuring, .configurationFailed]

    /// Every event in every state (columns in `FBxState.allCases` order; from preparing on, a usable
    /// view is attached, before it none is): the guide's §10 rules as one table.
    static let table: [(event: FBxLifecycle.Event, outcomes: [Expected])] = {
        let configuring = Expected.to(.configuring), configured = Expected.to(.configured)
        return [
            // unconfigured, configuring, configured, configurationFailed, preparing, preparationFailed,
            // ready, starting, active, stopping
            (
                .configureRequested,
                [
                    configuring, .invalid, configuring, configuring, .invalid, configuring,
                    configuring, .invalid, .invalid, .invalid,
                ]
            ),
            (
                .configurationSucceeded,
                [
                    .stays, configured, .stays, .stays, .stays, .stays,
                    .stays, .stays, .stays, .stays,
                ]
            ),
            (
                .configurationFailed,
                [
                    .stays, .to(.configurationFailed), .stays, .stays, .stays, .stays,
                    .stays, .stays, .stays, .stays,
                ]
            ),
            (
                .viewAttached(usable: true),
                [
                    .stays, .stays, .prepare, .stays, .stays, .stays,
                    .stays, .stays, .stays, .stays,
                ]
            ),
            (
                .viewAttached(usable: false),
                [
                    .stays, .stays, .stays, .stays, configured, configured,
                    configured, .stays, .stays, .stays,
                ]
            ),
            (
                .viewDetached,
                [
                    .stays, .stays, .stays, .stays, configured, configured,
                    configured, .invalid, .invalid, .invalid,
                ]
            ),
            (
                .preparationStarted,
                [
                    .invalid, .invalid, .invalid, .invalid, .invalid, .invalid,
                    .invalid, .invalid, .invalid, .invalid,
                ]
            ),
            (
                .preparationSucceeded,
                [
                    .stays, .stays, .stays, .stays, .to(.ready), .stays,
                    .stays, .stays, .stays, .stays,
                ]
            ),
            (
                .preparationFailed,
                [
                    .stays, .stays, .stays, .stays, .to(.preparationFailed), .stays,
                    .stays, .stays, .stays, .stays,
                ]
            ),
            (
                .startRequested,
                [
                    .notConfigured, .notConfigured, .invalid, .notConfigured, .invalid, .invalid,
                    .to(.starting), .invalid, .invalid, .invalid,
                ]
            ),
            (
                .startSucceeded,
                [
                    .stays, .stays, .stays, .stays, .stays, .stays,
                    .stays, .to(.active), .stays, .stays,
                ]
            ),
            (
                .startFailed,
                [
                    .stays, .stays, .stays, .stays, .stays, .stays,
                    .stays, .to(.ready), .stays, .stays,
                ]
            ),
            (
                .stopRequested,
                [
                    .notConfigured, .notConfigured, .invalid, .notConfigured, .invalid, .invalid,
                    .invalid, .to(.stopping), .to(.stopping), .invalid,
                ]
            ),
            (
                .stopFinished,
                [
                    .stays, .stays, .stays, .stays, .stays, .stays,
                    .stays, .stays, .stays, .to(.ready),
                ]
            ),
            (
                .setFrameRequested,
                [
                    .notConfigured, .notConfigured, .invalid, .notConfigured, .invalid, .invalid,
                    .invalid, .invalid, .stays, .invalid,
                ]
            ),
            (
                .restartFaceDetectionRequested,
                [
                    .notConfigured, .notConfigured, .invalid, .notConfigured, .invalid,
                    .invalid, .invalid, .invalid, .stays, .invalid,
                ]
            ),
        ]
    }()

    @Test("every event in every state gives the table's action, and a refusal changes nothing")
    func everyEventInEveryState() throws {
        #expect(Self.table.count == 16)
        for (event, outcomes) in Self.table {
            try #require(outcomes.count == FBxState.allCases.count)
            for (state, expected) in zip(FBxState.allCases, outcomes) {
                let outcome = try Self.outcome(of: event, in: state)
                #expect(outcome == expected, "\(event) in \(state)")
            }
        }
    }

    @Test("a configuration that succeeds with a usable view attached asks the caller to prepare")
    func configurationWithViewPrepares() throws {
        var lifecycle = FBxLifecycle()
        #expect(try lifecycle.handle(.viewAttached(usable: true)) == .none)
        #expect(try lifecycle.handle(.configureRequested) == .emitStateChanged(.configuring))
        #expect(try lifecycle.handle(.configurationSucceeded) == .emitStateChangedAndPrepare(.configured))
        #expect(try lifecycle.handle(.preparationStarted) == .emitStateChanged(.preparing))
    }

    @Test("preparation starts only when configured with a usable view")
    func preparationNeedsConfigurationAndView() throws {
        var lifecycle = FBxLifecycle()
        try lifecycle.handle(.viewAttached(usable: true))
        #expect(!lifecycle.needsPreparation)
        try lifecycle.handle(.configureRequested)
        try lifecycle.handle(.configurationSucceeded)
        #expect(lifecycle.needsPreparation)
        try lifecycle.handle(.viewAttached(usable: false))
        #expect(!lifecycle.needsPreparation)
        #expect(throws: FBxError.self) { try lifecycle.handle(.preparationStarted) }
        try lifecycle.handle(.viewAttached(usable: true))
        #expect(try lifecycle.handle(.preparationStarted) == .emitStateChanged(.preparing))
    }

    @Test("a session stops back to ready, or to configured when the view went away meanwhile")
    func stopFinishesByView() throws {
        var withView = try Self.lifecycle(in: .stopping)
        #expect(try withView.handle(.stopFinished) == .emitStateChanged(.ready))
        var withoutView = try Self.lifecycle(in: .active)
        try withoutView.handle(.viewAttached(usable: false))
        try withoutView.handle(.stopRequested)
        #expect(try withoutView.handle(.stopFinished) == .emitStateChanged(.configured))
    }

    @Test("start → stop → start works as long as each start happens in ready")
    func repeatedSessions() throws {
        var lifecycle = try Self.lifecycle(in: .ready)
        for _ in 0..<3 {
            #expect(try lifecycle.handle(.startRequested) == .emitStateChanged(.starting))
            #expect(try lifecycle.handle(.startSucceeded) == .emitStateChanged(.active))
            #expect(try lifecycle.handle(.stopRequested) == .emitStateChanged(.stopping))
            #expect(try lifecycle.handle(.stopFinished) == .emitStateChanged(.ready))
        }
    }

    @Test("late facts are ignored: a preparation finishing after a detach, a start failing after a stop")
    func lateFactsAreIgnored() throws {
        var lifecycle = try Self.lifecycle(in: .preparing)
        try lifecycle.handle(.viewDetached)
        #expect(try lifecycle.handle(.preparationSucceeded) == .none)
        #expect(lifecycle.state == .configured)
        var starting = try Self.lifecycle(in: .starting)
        try starting.handle(.stopRequested)
        #expect(try starting.handle(.startFailed) == .none)
        #expect(starting.state == .stopping)
    }
}
