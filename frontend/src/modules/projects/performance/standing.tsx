import { useEffect, useState } from "react";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import {
  defaultRatingWeights,
  defaultStandingBands,
  formatScore,
  type RatingWeights,
  type StandingBands,
} from "../../../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared";

const colors: Record<string, string> = { VERY_POOR: "red", POOR: "orange", AVERAGE: "blue", EXCELLENT: "green" };

/** A standing band as a coloured tag, named in the reader's language (the colour is not the only sign: the name is written). */
export function StandingTag({ standing }: { standing?: string | null }) {
  const { t } = useTranslation("vendor-ratings");
  const value = standing ?? "NONE";
  return (
    <Tag color={colors[value]} data-testid={`standing-${value}`}>
      {t(`standing.${value}`)}
    </Tag>
  );
}

export const scoreText = (hundredths: unknown) => (typeof hundredths === "number" ? formatScore(hundredths) : "");

/** The region's bands and weights as the ratings list answers them (the defaults until it has). */
export function usePerformanceSettings() {
  const [settings, setSettings] = useState<{ bands: StandingBands; weights: RatingWeights }>({ bands: defaultStandingBands, weights: defaultRatingWeights });
  useEffect(() => {
    let live = true;
    api<{ bands?: StandingBands; weights?: RatingWeights }>("vendor-performance", { query: { $limit: 0 } })
      .then((answer) => {
        if (live && answer?.bands && answer.weights) setSettings({ bands: answer.bands, weights: answer.weights });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
