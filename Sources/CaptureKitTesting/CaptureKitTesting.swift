/// Test support shared by the test targets: clocks, gates, local servers, seeded fixtures.
package enum CaptureKitTesting {}
