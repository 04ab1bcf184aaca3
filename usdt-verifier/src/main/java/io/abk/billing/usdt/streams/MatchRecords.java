package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtMatchReport;
import io.abk.billing.schemas.avro.UsdtObservedTransfer;
import io.abk.billing.schemas.avro.UsdtTxObservation;
import io.abk.billing.schemas.avro.UsdtTxStatus;
import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.MatchCode;
import io.abk.billing.usdt.domain.match.MatchOutcome;
import io.abk.billing.usdt.domain.match.MatchReport;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.ObservedTransfer;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** Maps transaction facts, evidence, terms and match reports between the domain and their Avro records. */
public final class MatchRecords {

    private MatchRecords() {}

    public static UsdtTxObservation observation(TxObservation tx) {
        return UsdtTxObservation.newBuilder()
                .setTxHash(tx.txHash())
                .setStatus(UsdtTxStatus.valueOf(tx.status().name()))
                .setBlockNumber(tx.blockNumber())
                .setBlockTime(tx.blockTime())
                .setConfirmations(tx.confirmations())
                .setDecimals(tx.decimals())
                .setTransfers(tx.transfers().stream()
                        .map(t -> UsdtObservedTransfer.newBuilder()
                                .setLogIndex(t.logIndex())
                                .setFromAddress(t.fromAddress())
                                .setToAddress(t.toAddress())
                                .setAmountBaseUnits(t.amountBaseUnits().toString())
                                .build())
                        .toList())
                .build();
    }

    public static TxObservation observation(UsdtTxObservation tx) {
        return new TxObservation(
                tx.getTxHash(),
                TxStatus.valueOf(tx.getStatus().name()),
                tx.getBlockNumber(),
                tx.getBlockTime(),
                tx.getConfirmations(),
                tx.getDecimals(),
                tx.getTransfers().stream()
                        .map(t -> new ObservedTransfer(
                                t.getLogIndex(),
                                t.getFromAddress(),
                                t.getToAddress(),
                                new BigInteger(t.getAmountBaseUnits())))
                        .toList());
    }

    /** The evidence of a confirm: its observation, or its sandbox scenario; exactly one is set. */
    public static TxEvidence evidence(
            String txHash, @Nullable UsdtTxObservation observation, @Nullable String sandboxScenario) {
        if (observation != null) {
            return new TxEvidence.Observed(observation(observation));
        }
        if (sandboxScenario == null) {
            throw new IllegalArgumentException("a confirm of " + txHash + " has neither an observation nor a scenario");
        }
        return new TxEvidence.Simulated(txHash, scenario(sandboxScenario));
    }

    public static @Nullable UsdtTxObservation observationOf(TxEvidence evidence) {
        return evidence instanceof TxEvidence.Observed observed ? observation(observed.observation()) : null;
    }

    public static @Nullable String scenarioOf(TxEvidence evidence) {
        return evidence instanceof TxEvidence.Simulated simulated
                ? simulated.scenario().outcome().wire()
                : null;
    }

    private static SandboxScenario scenario(String wire) {
        return Arrays.stream(SandboxScenario.values())
                .filter(s -> s.outcome().wire().equals(wire))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no sandbox scenario " + wire));
    }

    public static IntentTerms terms(long amountMicros, String payToAddress, String strategy) {
        return new IntentTerms(UsdtAmount.ofMicros(amountMicros), payToAddress, strategy(strategy));
    }

    public static MatchStrategy strategy(String wire) {
        return MatchStrategy.fromWire(wire)
                .orElseThrow(() -> new IllegalArgumentException("no match strategy " + wire));
    }

    public static UsdtMatchReport report(MatchReport report) {
        var code = report.code();
        var received = report.received();
        return UsdtMatchReport.newBuilder()
                .setTxHash(report.txHash())
                .setOutcome(report.outcome().wire())
                .setOk(report.ok())
                .setCode(code == null ? null : code.wire())
                .setExpectedMicros(report.expected().micros())
                .setReceivedUsdt(received == null ? null : received.toPlainString())
                .setConfirmations(report.confirmations())
                .setRequiredConfirmations(report.requiredConfirmations())
                .setFromAddress(report.fromAddress())
                .setBlockNumber(report.blockNumber())
                .build();
    }

    public static MatchReport report(UsdtMatchReport report) {
        var code = report.getCode();
        var received = report.getReceivedUsdt();
        return new MatchReport(
                report.getTxHash(),
                MatchOutcome.fromWire(report.getOutcome()),
                report.getOk(),
                code == null ? null : MatchCode.fromWire(code),
                UsdtAmount.ofMicros(report.getExpectedMicros()),
                received == null ? null : new BigDecimal(received),
                report.getConfirmations(),
                report.getRequiredConfirmations(),
                report.getFromAddress(),
                report.getBlockNumber());
    }
}
