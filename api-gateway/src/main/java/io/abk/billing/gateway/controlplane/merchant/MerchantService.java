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
                MerchantBrand.NONE,
                now,
                now,
                false,
                null);
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
                .flatMap(current -> apply(actor, current, patch.applyTo(current), now))
                .as(tx::transactional)
                .doOnSuccess(updated -> lookup.invalidate(id));
    }

    /** Makes {@code logo} the merchant's checkout logo, in place of any other; audited with its type and hash. */
    public Mono<Merchant> putLogo(String actor, String id, MerchantLogo logo) {
        var now = Now.of(clock);
        return getForUpdate(id)
                .flatMap(current -> merchants.putLogo(id, logo, now))
                .flatMap(updated -> audit.record(
                                now,
                                actor,
                                "merchant.logo_updated",
                                target(updated),
                                Map.of(
                                        "contentType",
                                        logo.contentType(),
                                        "sha256",
                                        logo.sha256(),
                                        "bytes",
                                        logo.bytes().length))
                        .thenReturn(updated))
                .as(tx::transactional)
                .doOnSuccess(updated -> lookup.invalidate(id));
    }

    /** Removes the merchant's checkout logo; audited when there was one. */
    public Mono<Merchant> deleteLogo(String actor, String id) {
        var now = Now.of(clock);
        return getForUpdate(id)
                .flatMap(current -> {
                    var sha256 = current.brand().logoSha256();
                    if (sha256 == null) {
                        return Mono.just(current);
                    }
                    return merchants
                            .deleteLogo(id, now)
                            .flatMap(updated -> audit.record(
                                            now,
                                            actor,
                                            "merchant.logo_removed",
                                            target(updated),
                                            Map.of("sha256", sha256))
                                    .thenReturn(updated));
                })
                .as(tx::transactional)
                .doOnSuccess(updated -> lookup.invalidate(id));
    }

    /** The merchant's logo; empty when it has none (or the merchant is unknown). */
    public Mono<MerchantLogo> logo(String id) {
        return merchants.findLogo(id);
    }

    /**
     * Makes sure the merchant marked {@code tag} exists with this name and default payout address (start-up
     * configuration; safe when several replicas start at once).
     */
    public Mono<Merchant> ensureTagged(String tag, String name, @Nullable String payout) {
        var now = Now.of(clock);
        var fresh = new Merchant(
                ids.next(IdPrefix.MERCHANT), name, null, payout, MerchantBrand.NONE, now, now, false, null);
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
                                new Merchant(
                                        existing.id(),
                                        name,
                                        existing.displayName(),
                                        payout != null ? payout : existing.payoutAddressEvm(),
                                        existing.brand(),
                                        existing.createdAt(),
                                        existing.updatedAt(),
                                        existing.requireTotp(),
                                        existing.invoicePrefix()),
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

    private Mono<Merchant> apply(String actor, Merchant current, Merchant next, Instant now) {
        var changed = new AuditChanges()
                .field("name", current.name(), next.name())
                .field("displayName", current.displayName(), next.displayName())
                .field("payoutAddressEvm", current.payoutAddressEvm(), next.payoutAddressEvm())
                .field("brandName", current.brand().brandName(), next.brand().brandName())
                .field(
                        "accentColor",
                        current.brand().accentColor(),
                        next.brand().accentColor())
                .field("requireTotp", current.requireTotp(), next.requireTotp())
                .field("invoicePrefix", current.invoicePrefix(), next.invoicePrefix())
                .asMap();
        if (changed.isEmpty()) {
            return Mono.just(current);
        }
        return merchants
                .update(next, now)
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
