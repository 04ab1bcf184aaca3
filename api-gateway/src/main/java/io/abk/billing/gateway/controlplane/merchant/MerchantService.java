package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.audit.AuditChanges;
import io.abk.billing.gateway.controlplane.audit.AuditEntry;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Creating and changing merchants, each change audited in its own transaction and, once committed, dropped from
 * this process's merchant cache ({@link DbMerchantLookup}).
 */
@Service
public class MerchantService {

    private final MerchantRepository merchants;
    private final DbMerchantLookup lookup;
    private final AuditLog audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;

    public MerchantService(
            MerchantRepository merchants,
            DbMerchantLookup lookup,
            AuditLog audit,
            IdGenerator ids,
            TransactionalOperator tx,
            Clock clock) {
        this.merchants = merchants;
        this.lookup = lookup;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    public Mono<Merchant> create(String actor, MerchantRequest request) {
        var now = Now.of(clock);
        var merchant = new Merchant(
                ids.next(IdPrefix.MERCHANT),
                request.name(),
                request.displayName(),
                request.payoutAddressEvm(),
                now,
                now,
                false);
        return merchants
                .insert(merchant)
                .flatMap(created -> audit.record(now, actor, "merchant.created", target(created), fields(created))
                        .thenReturn(created))
                .as(tx::transactional);
    }

    /** The merchant, or 404 {@code resource_missing}. */
    public Mono<Merchant> get(String id) {
        return IdLookup.find(IdPrefix.MERCHANT, "merchant", id, merchants::find);
    }

    /**
     * The merchant, or 404 {@code resource_missing}, its row locked until the caller's transaction ends: changes to
     * what belongs to one merchant (its team) then happen one after another.
     */
    public Mono<Merchant> getForUpdate(String id) {
        return IdLookup.find(IdPrefix.MERCHANT, "merchant", id, merchants::findForUpdate);
    }

    public Mono<Merchant> update(String actor, String id, MerchantPatch patch) {
        var now = Now.of(clock);
        return getForUpdate(id)
                .flatMap(current -> {
                    var name = Objects.requireNonNull(patch.name().applyTo(current.name()));
                    var displayName = patch.displayName().applyTo(current.displayName());
                    var payout = patch.payoutAddressEvm().applyTo(current.payoutAddressEvm());
                    var requireTotp = Boolean.TRUE.equals(patch.requireTotp().applyTo(current.requireTotp()));
                    return apply(actor, current, name, displayName, payout, requireTotp, now);
                })
                .as(tx::transactional)
                .doOnSuccess(updated -> lookup.invalidate(id));
    }

    /**
     * Makes sure the merchant marked {@code tag} exists with this name and default payout address (start-up
     * configuration; safe when several replicas start at once).
     */
    public Mono<Merchant> ensureTagged(String tag, String name, @Nullable String payout) {
        var now = Now.of(clock);
        var fresh = new Merchant(ids.next(IdPrefix.MERCHANT), name, null, payout, now, now, false);
        return merchants
                .insertTaggedIfAbsent(fresh, tag)
                .flatMap(created -> audit.record(
                                now,
                                actor(),
                                "merchant.created",
                                target(created),
                                Map.of("bootstrapTag", tag, "name", name))
                        .thenReturn(created))
                .switchIfEmpty(Mono.defer(() -> merchants
                        .findByBootstrapTag(tag)
                        // No configured address keeps whatever the operator set; a configured one wins.
                        .flatMap(existing -> apply(
                                actor(),
                                existing,
                                name,
                                existing.displayName(),
                                payout != null ? payout : existing.payoutAddressEvm(),
                                existing.requireTotp(),
                                now))))
                .as(tx::transactional)
                .doOnSuccess(merchant -> {
                    if (merchant != null) {
                        lookup.invalidate(merchant.id());
                    }
                });
    }

    private static String actor() {
        return AuditEntry.BOOTSTRAP;
    }

    private Mono<Merchant> apply(
            String actor,
            Merchant current,
            String name,
            @Nullable String displayName,
            @Nullable String payout,
            boolean requireTotp,
            Instant now) {
        var changed = new AuditChanges()
                .field("name", current.name(), name)
                .field("displayName", current.displayName(), displayName)
                .field("payoutAddressEvm", current.payoutAddressEvm(), payout)
                .field("requireTotp", current.requireTotp(), requireTotp)
                .asMap();
        if (changed.isEmpty()) {
            return Mono.just(current);
        }
        return merchants
                .update(current.id(), name, displayName, payout, requireTotp, now)
                .flatMap(updated -> audit.record(now, actor, "merchant.updated", target(updated), changed)
                        .thenReturn(updated));
    }

    private static AuditLog.Target target(Merchant m) {
        return new AuditLog.Target("merchant", m.id(), m.id(), null);
    }

    private static Map<String, @Nullable Object> fields(Merchant m) {
        var details = new LinkedHashMap<String, @Nullable Object>();
        details.put("name", m.name());
        details.put("displayName", m.displayName());
        details.put("payoutAddressEvm", m.payoutAddressEvm());
        return details;
    }
}
