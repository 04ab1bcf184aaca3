package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;

/**
 * Everything one intent command (or one expiry) writes besides the store, each with its key: the outcome for the
 * waiting request, the public event, the claim of a transaction hash, and the changes to its address's book. The
 * topology sends each list to its own sink, all in the task's transaction.
 */
record IntentOutputs(
        List<KeyValue<String, UsdtCommandOutcome>> outcomes,
        List<KeyValue<String, UsdtEvent>> events,
        List<KeyValue<String, UsdtTxClaim>> claims,
        List<KeyValue<String, UsdtAddressCommand>> addressCommands) {

    IntentOutputs() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    boolean isEmpty() {
        return outcomes.isEmpty() && events.isEmpty() && claims.isEmpty() && addressCommands.isEmpty();
    }
}
