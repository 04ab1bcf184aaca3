package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeeDecision;
import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.chainrpc.RpcErrorException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;

/**
 * Signs and sends the relayer's transactions (EIP-1559, with the chain id) and waits for them to be mined and as deep
 * as the chain's confirmation depth ({@link Confirmations}). A transaction not mined within the receipt timeout is
 * replaced with the same nonce and fees raised within the caps, at most {@value #MAX_REPLACEMENTS} times; after that
 * it is reported as not mined, and the nonce manager reads the chain again. One that a reorganisation takes back
 * before it is deep is sent again as it was. The key stays inside {@link Credentials} and is never logged.
 */
final class TransactionSender {

    private static final Logger log = LoggerFactory.getLogger(TransactionSender.class);
    /** Two replacements: a fee spike that outruns two 12.5% raises is past what the caps are there to pay. */
    static final int MAX_REPLACEMENTS = 2;
    /**
     * The first look for a receipt comes this soon after sending (a development chain mines at once), and each next
     * one twice as late, up to {@link #RECEIPT_POLL}.
     */
    private static final Duration FIRST_RECEIPT_POLL = Duration.ofMillis(20);
    /** Frequent enough to notice a mined transaction within a quarter of a second on a 2 s chain. */
    private static final Duration RECEIPT_POLL = Duration.ofMillis(250);
    /** A transfer of nothing to an account (no code runs): the gas every chain charges for it. */
    private static final BigInteger CANCEL_GAS = BigInteger.valueOf(21_000);

    private static final String STOPPED = "The relayer was stopped before the transaction was mined; a retry is safe";

    /** The outcome of waiting: a receipt, or nothing after every replacement. */
    sealed interface Awaited {
        record Mined(MinedReceipt receipt) implements Awaited {}

        record NotMined(String reason) implements Awaited {}
    }

    private final RelayerRpc rpc;
    private final long chainId;
    private final Credentials credentials;
    private final TransactionSigner signer;
    private final NonceManager nonces;
    private final ReceiptLookups receipts;
    private final FeePolicy fees;
    private final Duration receiptTimeout;
    private final Confirmations confirmations;

    /** {@code confirmations}: the chain's depth, the blocks on top of a transaction's block before it counts. */
    TransactionSender(
            RelayerRpc rpc,
            long chainId,
            Credentials credentials,
            FeePolicy fees,
            Duration receiptTimeout,
            int confirmations) {
        this.rpc = rpc;
        this.chainId = chainId;
        this.credentials = credentials;
        this.signer = new TransactionSigner(rpc, chainId, credentials);
        this.nonces = new NonceManager(rpc, credentials.getAddress());
        this.receipts = new ReceiptLookups(rpc);
        this.fees = fees;
        this.receiptTimeout = receiptTimeout;
        this.confirmations = new Confirmations(rpc, receipts, confirmations, receiptTimeout);
    }

    /** The chain the transactions are signed for. */
    long chainId() {
        return chainId;
    }

    /** The relayer's account, lower case. */
    String address() {
        return credentials.getAddress().toLowerCase(java.util.Locale.ROOT);
    }

    FeePolicy feePolicy() {
        return fees;
    }

    /** How the relayer's answers wait for depth; shared with answers that name a transaction sent before. */
    Confirmations confirmations() {
        return confirmations;
    }

    Duration receiptTimeout() {
        return receiptTimeout;
    }

    /**
     * Sends with the next nonce. A node that refuses the nonce (too low after a transaction sent elsewhere, or a
     * gap) makes the manager read the chain and the transaction go once more with the nonce it gives.
     */
    SentTransaction send(String to, String data, Fees fees) {
        return send(to, data, fees, 1);
    }

    /** As {@link #send(String, String, Fees)}, for a transaction making {@code calls} vault calls at once. */
    SentTransaction send(String to, String data, Fees fees, int calls) {
        try {
            return sendOnce(nonces.allocate(), to, data, fees, calls);
        } catch (RpcErrorException refused) {
            nonces.release();
            if (!refused.nonceProblem()) {
                nonces.invalidate();
                throw refused;
            }
            log.info("event=nonce_resync chainId={} reason=send_refused", chainId);
            nonces.resync();
            try {
                return sendOnce(nonces.allocate(), to, data, fees, calls);
            } catch (RuntimeException again) {
                nonces.release();
                nonces.invalidate();
                throw again;
            }
        } catch (RuntimeException unreachable) {
            nonces.release();
            nonces.invalidate();
            throw unreachable;
        }
    }

    /**
     * Waits for {@code sent} to be mined and deep, replacing it when it is stuck; its nonce is no longer in flight
     * after. A relayer that stops interrupts the wait, which then ends at once, as not mined.
     */
    Awaited await(SentTransaction sent) {
        try {
            return awaitDeep(sent);
        } finally {
            nonces.release();
        }
    }

    /**
     * Replaces whatever waits in the pool with {@code nonce} by a transfer of nothing to the relayer itself at the
     * fee caps: a transaction another relayer of this key left stuck can then neither hold every later one back nor
     * move money long after. A node that refuses it (the nonce was mined meanwhile, or the one waiting already offers
     * the caps) leaves things as they are.
     */
    void cancel(BigInteger nonce) {
        var signed = signer.sign(nonce, credentials.getAddress(), "", fees.ceiling(CANCEL_GAS));
        try {
            signer.submit(signed);
            log.info(
                    "event=nonce_cancel_sent chainId={} nonce={} txHash={}",
                    chainId,
                    nonce,
                    signed.version().txHash());
        } catch (RpcErrorException refused) {
            log.info(
                    "event=nonce_cancel_not_sent chainId={} nonce={} reason=\"{}\"",
                    chainId,
                    nonce,
                    refused.getMessage());
        }
    }

    private Awaited awaitDeep(SentTransaction sent) {
        var current = sent;
        int replacements = 0;
        boolean lastLook = false;
        long deadline = System.nanoTime() + receiptTimeout.toNanos();
        while (true) {
            // A last look after the last version: it may have been mined at the very end.
            var receipt = poll(current, lastLook ? 0 : deadline);
            if (receipt.isPresent()) {
                switch (confirmations.await(receipt.get())) {
                    case Confirmations.Depth.Deep deep -> {
                        return new Awaited.Mined(deep.receipt());
                    }
                    case Confirmations.Depth.NotDeep notDeep -> {
                        nonces.invalidate();
                        return new Awaited.NotMined(notDeep.reason());
                    }
                    case Confirmations.Depth.TakenBack takenBack -> {
                        current = sendAgain(current);
                        deadline = System.nanoTime() + receiptTimeout.toNanos();
                        lastLook = false;
                        continue;
                    }
                }
            }
            if (Thread.currentThread().isInterrupted()) {
                return new Awaited.NotMined(STOPPED);
            }
            if (lastLook) {
                nonces.invalidate();
                return new Awaited.NotMined("The transaction was not mined within "
                        + receiptTimeout.multipliedBy(current.versions().size()).toSeconds() + " s ("
                        + current.versions().size() + " fee levels); a retry is safe");
            }
            var replacement = replacements < MAX_REPLACEMENTS ? replace(current) : Optional.<SentTransaction>empty();
            if (replacement.isEmpty()) {
                lastLook = true;
                continue;
            }
            current = replacement.get();
            replacements++;
            deadline = System.nanoTime() + receiptTimeout.toNanos();
        }
    }

    /**
     * A transaction a reorganisation took back: its latest version sent again as it was (a node that put it back in
     * its pool already knows it; anvil drops it). One the new chain made impossible (its nonce used by another) is
     * not mined again and ends as not mined.
     */
    private SentTransaction sendAgain(SentTransaction current) {
        var latest = current.latest();
        var signed = signer.sign(current.nonce(), current.to(), current.data(), latest.fees());
        log.warn(
                "event=transaction_taken_back chainId={} nonce={} txHash={} action=send_again",
                chainId,
                current.nonce(),
                latest.txHash());
        try {
            signer.submit(signed);
        } catch (RpcErrorException refused) {
            log.info(
                    "event=transaction_not_sent_again chainId={} nonce={} reason=\"{}\"",
                    chainId,
                    current.nonce(),
                    refused.getMessage());
        }
        return signed.version().txHash().equals(latest.txHash()) ? current : current.replacedBy(signed.version());
    }

    private Optional<SentTransaction> replace(SentTransaction current) {
        var bumped = fees.forCalls(current.calls())
                .bump(current.latest().fees(), rpc.head().baseFeePerGas());
        if (bumped instanceof FeeDecision.OverCap overCap) {
            log.warn(
                    "event=replacement_refused chainId={} nonce={} txHash={} reason=\"{}\"",
                    chainId,
                    current.nonce(),
                    current.latest().txHash(),
                    overCap.reason());
            return Optional.empty();
        }
        var raised = (Fees) bumped;
        try {
            var signed = signer.sign(current.nonce(), current.to(), current.data(), raised);
            signer.submit(signed);
            var version = signed.version();
            log.info(
                    "event=transaction_replaced chainId={} nonce={} txHash={} maxFeePerGas={} maxPriorityFeePerGas={}",
                    chainId,
                    current.nonce(),
                    version.txHash(),
                    raised.maxFeePerGas(),
                    raised.maxPriorityFeePerGas());
            return Optional.of(current.replacedBy(version));
        } catch (RpcErrorException refused) {
            // Nonce too low: one of the versions was mined meanwhile, which the next poll finds.
            log.info(
                    "event=replacement_not_sent chainId={} nonce={} reason=\"{}\"",
                    chainId,
                    current.nonce(),
                    refused.getMessage());
            return Optional.of(current);
        }
    }

    private Optional<MinedReceipt> poll(SentTransaction sent, long deadlineNanos) {
        var wait = FIRST_RECEIPT_POLL;
        while (true) {
            var receipt = receipts.first(sent.versions().stream()
                    .map(SentTransaction.Version::txHash)
                    .toList());
            if (receipt.isPresent()) {
                return receipt;
            }
            if (System.nanoTime() >= deadlineNanos) {
                return Optional.empty();
            }
            try {
                Thread.sleep(wait);
                wait = wait.multipliedBy(2).compareTo(RECEIPT_POLL) > 0 ? RECEIPT_POLL : wait.multipliedBy(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    private SentTransaction sendOnce(BigInteger nonce, String to, String data, Fees fees, int calls) {
        var signed = signer.sign(nonce, to, data, fees);
        signer.submit(signed);
        return new SentTransaction(nonce, to, data, calls, List.of(signed.version()), System.nanoTime());
    }
}
