package io.abk.billing.streams.shared.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** One merge rule for every aggregate's metadata (a subscription's PATCH, a customer's update). */
class MetadataTest {

    @Test
    void shouldSetChangedKeysRemoveEmptiedOnesAndKeepTheRestWhenMerging() {
        var metadata = Map.of("plan", "gold", "region", "eu", "ref", "42");

        var merged = Metadata.merged(metadata, Map.of("plan", "silver", "region", "", "team", "a", "gone", ""));

        assertThat(merged).isEqualTo(Map.of("plan", "silver", "ref", "42", "team", "a"));
        assertThat(metadata).as("the original is untouched").hasSize(3);
    }
}
