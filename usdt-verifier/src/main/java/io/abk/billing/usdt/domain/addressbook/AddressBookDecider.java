package io.abk.billing.usdt.domain.addressbook;

import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Add;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Poll;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Remove;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TransferMatcher;
import io.abk.billing.usdt.domain.match.TxEvidence.Observed;
import io.abk.billing.usdt.domain.match.TxEvidence.Simulated;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Keeps an address's book and matches a poll's transactions against it. Transactions are taken in chain order,
 * and each goes to the oldest open intent it pays (under that intent's strategy, deep enough, mined no earlier
 * than the intent was created); one transaction to one intent and one intent to one transaction per poll. A
 * transaction that already confirmed an intent of the address is skipped. The intents decide for themselves in the
 * end: a match only becomes a confirm of the intent, which checks it again and claims the hash.
 *
 * <p>A match is remembered as an offer until the intent answers (it is confirmed and leaves, or its claim is refused
 * and it joins again): a later poll offers that intent no other transaction and that transaction no other intent,
 * and a poll that sees the offered transaction again asks the same intent again. Without offers, two payments of
 * one amount polled one after the other (the second before the first intent's answer came back) would both go to the
 * older intent, and the newer one would never be paid.
 */
public final class AddressBookDecider {

    static final Comparator<OpenIntent> OLDEST_FIRST =
            Comparator.comparing(OpenIntent::createdAt).thenComparing(OpenIntent::intentId);
    /**
     * How much earlier than an intent's creation its paying block may look: block timestamps are whole seconds set
     * by the block's producer, whose clock may lag ours. A transfer older than that paid something else.
     */
    static final Duration BLOCK_CLOCK_SKEW = Duration.ofMinutes(5);

    private AddressBookDecider() {}

    public static AddressBookDecision decide(AddressBook book, AddressBookCommand command, MatchPolicy policy) {
        return switch (command) {
            case Add add -> new AddressBookDecision(book.with(add.intent()), List.of());
            case Remove remove -> new AddressBookDecision(book.without(remove.intentId(), remove.txHash()), List.of());
            case Poll poll ->
                poll.sandbox() ? new AddressBookDecision(book, sandbox(book, poll)) : match(book, poll, policy);
        };
    }

    private static List<OpenIntent> candidates(AddressBook book, Poll poll) {
        return book.openIntents().stream()
                .filter(intent -> poll.requestedAt().isBefore(intent.expiresAt()))
                .sorted(OLDEST_FIRST)
                .toList();
    }

    /** The sandbox pays every open intent with an exact transfer of its own made-up hash. */
    private static List<PollMatch> sandbox(AddressBook book, Poll poll) {
        return candidates(book, poll).stream()
                .map(intent -> new PollMatch(
                        intent.intentId(),
                        PollMatch.commandIdOf(poll.commandId(), intent.intentId()),
                        new Simulated(sandboxHash(intent.intentId()), SandboxScenario.CONFIRMED)))
                .toList();
    }

    private static AddressBookDecision match(AddressBook book, Poll poll, MatchPolicy policy) {
        var open = candidates(book, poll);
        var openIds = open.stream().map(OpenIntent::intentId).collect(Collectors.toSet());
        var offeredTo = new HashMap<String, String>();
        var busy = new HashSet<String>();
        for (var offer : book.offers()) {
            offeredTo.put(offer.txHash(), offer.intentId());
            busy.add(offer.intentId());
        }
        var used = new HashSet<>(book.usedTxHashes());
        var matches = new ArrayList<PollMatch>();
        var offered = new ArrayList<TxOffer>();
        var inChainOrder = poll.observations().stream()
                .filter(tx -> tx.status() == TxStatus.MINED && !used.contains(tx.txHash()))
                .sorted(Comparator.comparingLong(TxObservation::blockNumber)
                        .thenComparingInt(TxObservation::firstLogIndex))
                .toList();
        var asked = new HashSet<String>();
        for (var tx : inChainOrder) {
            var holder = offeredTo.get(tx.txHash());
            if (holder != null) {
                // Offered before, not answered yet: the same intent is asked again (it answers once), nobody else.
                if (openIds.contains(holder) && asked.add(holder)) {
                    matches.add(
                            new PollMatch(holder, PollMatch.commandIdOf(poll.commandId(), holder), new Observed(tx)));
                }
                continue;
            }
            for (var intent : open) {
                if (busy.contains(intent.intentId()) || asked.contains(intent.intentId()) || minedBefore(tx, intent)) {
                    continue;
                }
                if (TransferMatcher.match(intent.terms(book.payToAddress()), tx, policy)
                        .ok()) {
                    matches.add(new PollMatch(
                            intent.intentId(),
                            PollMatch.commandIdOf(poll.commandId(), intent.intentId()),
                            new Observed(tx)));
                    offered.add(new TxOffer(intent.intentId(), tx.txHash()));
                    asked.add(intent.intentId());
                    break;
                }
            }
        }
        return new AddressBookDecision(book.offering(offered), matches);
    }

    private static boolean minedBefore(TxObservation tx, OpenIntent intent) {
        var blockTime = tx.blockTime();
        return blockTime != null && blockTime.isBefore(intent.createdAt().minus(BLOCK_CLOCK_SKEW));
    }

    /** {@code 0x} + SHA-256 of the intent id: a stable, made-up hash per intent, so a repeated poll reuses it. */
    static String sandboxHash(String intentId) {
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest(("usdt-sandbox-poll:" + intentId).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
