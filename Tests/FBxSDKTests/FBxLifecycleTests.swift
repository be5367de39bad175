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

    /// What a request gives: the new state, no change, or the error.
    enum Expected: Equatable {
        case moves(FBxState)
        case stays
        case notConfigured
        case invalid
    }

    static func outcome(of event: FBxLifecycle.Event, in state: FBxState) throws -> Expected {
        var lifecycle = try lifecycle(in: state)
        do {
            let changed = try lifecycle.handle(event)
            return changed.map(Expected.moves) ?? .stays
        } catch .configurationNotSet {
            #expect(lifecycle.state == state)
            return .notConfigured
        } catch {
            guard case .invalidState = error else { Issue.record("unexpected \(error)"); return .stays }
            #expect(lifecycle.state == state)
            return .invalid
        }
    }

    static let notConfiguredStates: [FBxState] = [.unconfigured, .configuring, .configurationFailed]

    @Test("configure(_:) runs from rest states and is refused while configuring, preparing or in a session",
          arguments: FBxState.allCases)
    func configureRule(state: FBxState) throws {
        let allowed: Set<FBxState> = [.unconfigured, .configured, .configurationFailed, .preparationFailed, .ready]
        #expect(try Self.outcome(of: .configureRequested, in: state) == (allowed.contains(state)
            ? .moves(.configuring) : .invalid))
    }

    @Test("start() needs a configuration, then the state ready", arguments: FBxState.allCases)
    func startRule(state: FBxState) throws {
        let expected: Expected = Self.notConfiguredStates.contains(state) ? .notConfigured
            : state == .ready ? .moves(.starting) : .invalid
        #expect(try Self.outcome(of: .startRequested, in: state) == expected)
    }

    @Test("stop() needs a configuration, then the state active or starting", arguments: FBxState.allCases)
    func stopRule(state: FBxState) throws {
        let expected: Expected = Self.notConfiguredStates.contains(state) ? .notConfigured
            : [.active, .starting].contains(state) ? .moves(.stopping) : .invalid
        #expect(try Self.outcome(of: .stopRequested, in: state) == expected)
    }

    @Test("setFrame(_:) and restartFaceDetection() need the state active", arguments: FBxState.allCases)
    func activeOnlyRules(state: FBxState) throws {
        let expected: Expected = Self.notConfiguredStates.contains(state) ? .notConfigured
            : state == .active ? .stays : .invalid
        #expect(try Self.outcome(of: .setFrameRequested, in: state) == expected)
        #expect(try Self.outcome(of: .restartFaceDetectionRequested, in: state) == expected)
    }

    @Test("detaching the view returns to configured from preparation states and is refused during a session",
          arguments: FBxState.allCases)
    func detachRule(state: FBxState) throws {
        let expected: Expected = [.preparing, .ready, .preparationFailed].contains(state) ? .moves(.configured)
            : [.starting, .active, .stopping].contains(state) ? .invalid : .stays
        #expect(try Self.outcome(of: .viewDetached, in: state) == expected)
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
        #expect(try lifecycle.handle(.preparationStarted) == .preparing)
    }

    @Test("a session stops back to ready, or to configured when the view went away meanwhile")
    func stopFinishesByView() throws {
        var withView = try Self.lifecycle(in: .stopping)
        #expect(try withView.handle(.stopFinished) == .ready)
        var withoutView = try Self.lifecycle(in: .active)
        try withoutView.handle(.viewAttached(usable: false))
        try withoutView.handle(.stopRequested)
        #expect(try withoutView.handle(.stopFinished) == .configured)
    }

    @Test("start → stop → start works as long as each start happens in ready")
    func repeatedSessions() throws {
        var lifecycle = try Self.lifecycle(in: .ready)
        for _ in 0..<3 {
            #expect(try lifecycle.handle(.startRequested) == .starting)
            #expect(try lifecycle.handle(.startSucceeded) == .active)
            #expect(try lifecycle.handle(.stopRequested) == .stopping)
            #expect(try lifecycle.handle(.stopFinished) == .ready)
        }
    }

    @Test("late facts are ignored: a preparation finishing after a detach, a start failing after a stop")
    func lateFactsAreIgnored() throws {
        var lifecycle = try Self.lifecycle(in: .preparing)
        try lifecycle.handle(.viewDetached)
        #expect(try lifecycle.handle(.preparationSucceeded) == nil)
        #expect(lifecycle.state == .configured)
        var starting = try Self.lifecycle(in: .starting)
        try starting.handle(.stopRequested)
        #expect(try starting.handle(.startFailed) == nil)
        #expect(starting.state == .stopping)
    }
}
