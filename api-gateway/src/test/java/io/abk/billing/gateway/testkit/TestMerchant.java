package io.abk.billing.gateway.testkit;

/** A merchant made through the operator API for a test, with the secret of its key in each mode. */
public record TestMerchant(String id, String testKey, String liveKey) {

    /** The secret of the key of {@code mode} ({@code test} or {@code live}). */
    public String key(String mode) {
        return switch (mode) {
            case "test" -> testKey;
            case "live" -> liveKey;
            default -> throw new IllegalArgumentException("no such mode: " + mode);
        };
    }
}
