package io.abk.billing.streams.promotioncode;

import io.abk.billing.schemas.avro.CreatePromotionCode;
import io.abk.billing.schemas.avro.DeactivatePromotionCode;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import io.abk.billing.schemas.avro.ReleasePromotionCode;
import io.abk.billing.schemas.ids.PromotionCodeIds;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Create;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Deactivate;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Redeem;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Release;

/**
 * A command envelope from {@code billing.promotion-code-commands} to a {@link PromotionCodeInstruction}. A payload this
 * code does not know throws, and so does a create whose id is not its code's ({@link PromotionCodeIds}): a code is
 * unique only while every writer derives the key the same way, so such a record is a bug for the dead-letter topic.
 */
final class PromotionCodeInstructionMapper {

    private PromotionCodeInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static PromotionCodeInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
            case CreatePromotionCode create ->
                new Create(
                        id,
                        tenant,
                        at,
                        create.getCouponId(),
                        codeOf(header, create.getCode()),
                        create.getMaxRedemptions(),
                        create.getExpiresAt(),
                        create.getMetadata());
            case DeactivatePromotionCode deactivate -> new Deactivate(id, tenant, at);
            case RedeemPromotionCode redeem ->
                new Redeem(id, tenant, at, redeem.getRedemptionId(), redeem.getSubscriptionId());
            case ReleasePromotionCode release -> new Release(id, tenant, at, release.getRedemptionId());
            default -> throw header.unknownPayload(payload);
        };
    }

    private static String codeOf(CommandHeader header, String code) {
        var derived =
                PromotionCodeIds.of(header.merchantId(), header.tenant().mode().label(), code);
        if (!derived.equals(header.aggregateId())) {
            throw new IllegalArgumentException("command " + header.commandId() + " names promotion code "
                    + header.aggregateId() + " but code " + code + " is " + derived);
        }
        return code;
    }
}
