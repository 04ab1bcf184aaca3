package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;

/** What a poll writes: the confirms of the intents it matched, and its outcome for the waiting request. */
record AddressOutputs(List<KeyValue<String, UsdtIntentCommand>> confirms,
        List<KeyValue<String, UsdtCommandOutcome>> outcomes) {

    AddressOutputs() {
        this(new ArrayList<>(), new ArrayList<>());
    }
}
