package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;

/**
 * What an address command writes: a poll, the confirms of the intents it matched and its outcome for the waiting
 * request; a book that gained its first open intent or lost its last, the address watched or its tombstone (a null
 * value) on usdt.watched-addresses.
 */
record AddressOutputs(
        List<KeyValue<String, UsdtIntentCommand>> confirms,
        List<KeyValue<String, UsdtCommandOutcome>> outcomes,
        List<KeyValue<String, UsdtWatchedAddress>> watches) {

    AddressOutputs() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    boolean isEmpty() {
        return confirms.isEmpty() && outcomes.isEmpty() && watches.isEmpty();
    }
}
