// Written by scripts/build-kernels.mjs from assembly/*.ts: do not edit.

/**
 * The soft solver's WebAssembly kernels (`assembly/*.ts` compiled), as text: see `decodeKernels`
 * in `src/kernels.ts`. @internal
 */
export const KERNELS_WASM =
  ' t3tEt?!   !t9,t2%tQtQtQtQ t2(tQtQtQtQtQtQ t2&tQtQtQtQtQ t2)tQtQtQtQtQtQtQ!tQt2*tQtQtQtQtQtQtQtQ!tQt' +
  '2!tQ!tQt2)tQtQtQtQtQtQtQ t2/tQtQtQtQtQtQtQtQtQtQtQtQtQ t2,tQtQtQtQtQtQtQtQtQtQ!tQt2(tQtQtQtQtQtQ!tQ#' +
  '1!$t7t@tH(t?t7t?tAtDtK# !$21!$ #%& (! #)* +)tk!,-t>t3tKtAtGtFt$t;tLt7tE &,t9t3tFt:t7tDt tGtEt: %*tBt' +
  'GtEt:t t3tEtE $4t;t@tFt7t9tDt3tFt7t tAtEt;tFt;tAt@tE 05t;t@tFt7t9tDt3tFt7t(t7t>tAt5t;tFt;t7tE /-tEtA' +
  't>tHt7gt:t3t;t@tE -2t3tBtBt>tKt#t7tEtFt;tFtGtFt;tAt@ ,.tEtAt>tHt7t$t;t@t9t>t7tE )+tIt3tDt?t$tFt3tDtF' +
  ' ((t?t7t?tAtDtK# ,upt-1u7:#?tN)tQB B%euxuxux$tCD et|%t>t<CHB#B!B e&tFt<D%J# euxuxux$tCe(tFt<C B#B%J#' +
  '%euxuxux$tCe(tFt<CGB%J#*C#BHet|!t<CIBHeua#t<CJBHM$ C8BHM$*C7BHM$2C6BHM$:C5BHM$BC3BHM$JC9B&e!tCD!%tNB' +
  'HM$l&h      uic-C2B!%tNBHM$t &h        -C,B M$ C=B M$*C<B M$2C*BGM$ C;BGM$*C:BGM$2C>B#e ne B&e%tC=%t' +
  'NB&e#tCe kB&e*tC%dBIM$u/!C+&BIBIM$BBGM$:B M$:tuBGM$JD+BIM$t|!D-tvBGM$RD.BIM$u&!D/tvtuttB M$JD0BIM$tl' +
  '!D1tvB M$RD4BIM$tt!D?tvtutuBHM$BtvttBGM$BB M$BtuB.B-tvB+B/tvttttB4B1tvB0B?tvtttuBHM$JtvttD+[$u/!-B+B' +
  '&e!tCDK%tNBIM$td!&h        -D-tnt5BKtC%dB$h      uic[$lB%B$M$t uu#X#6-B$euO t<BHM$Zh        t6%tQB$B' +
  '+[$t:BHBIB BGB$e BK2!&e -%tNB$M$t*&B+h        t6%tNB+B$M$BtvC+BK%tQe &BIM$lh        t3-%tNBGM$ B M$ ' +
  'tuBHM$BtvBGM$*B M$*tuBHM$JtvttBGM$2BIM$t2tvttB M$2BIM$t*tvtutnD-B+t6%tNB-&B+-&B+-&BK%tNBHedt=M$ C.B$' +
  'M$JC/e!CEB+tnB-tuD0h        t7%tNB.B+tv&B%J#:%tNB.tnB-tv&B.tnB-B0tutvh        B-B0t6=--D+B/tnD-t5%tN' +
  'B-&B+-&h        ---[$ B$M$t*C?B#e#j%tNB&e*tC%dBJM$u/!C+&BJBJM$BBGM$:B M$:tuBGM$JD+BJM$t|!D-tvBGM$RD.' +
  'BJM$u&!D/tvtuttB M$JD0BJM$tl!D1tvB M$RD4BJM$tt!D@tvtutuBHM$BtvttBGM$BB M$BtuB.B-tvB+B/tvttttB4B1tvB0' +
  'B@tvtttuBHM$JtvttD+[$u/!-B+B&e!tCD&%tNBJM$td!&h        -D-tnt5B&tC%dB$h      uic[$lB%B$M$t uu#X#6-B$' +
  'euW t<BHM$Zh        t6%tQB$B+[$t:BHBJB BGB$e!B&2!&e -%tNB$M$t2&B+h        t6%tNB+B$M$BtvC+B&%tQe &BJ' +
  'M$lh        t3-%tNBGM$ B M$ tuBHM$BtvBGM$*B M$*tuBHM$JtvttBGM$2BJM$t2tvttB M$2BJM$t*tvtutnD-B+t6%tNB' +
  '-&B+-&B+-&B&%tNBHedt=M$ C.B$M$JC/e!CFB+tnB-tuD0h        t7%tNB.B+tv&B%J#:%tNB.tnB-tv&B.tnB-B0tutvh  ' +
  '      B-B0t6=--D+B/tnD-t5%tNB-&B+-&h        ---[$ B$M$t2&h        -C+B#e#jtCBEBFjtC%tQB%J#.e!j&e -%t' +
  'NB;B=tuB3tvB:B<tuB9tvttD-B>BIM$t2D1tvttB*BIM$t*D0tvtuC/B-B>BJM$t2D.tvttB*BJM$t*D-tvtuC4BHM$t:C@B$B2h' +
  '      uicBE=D2B/B?tttvh      uicB,h        BE=tuD,BHeuO t<M$ BIM$ZD?tvBHM$t2DABJM$ZDBtvtttvtu[$ B$e*' +
  't<B2B4B+tttvB,BAB?tvB@BBtvtttvtu[$ BHM$t*C2BHM$t2C@BHM$t:CABHM$tBB$M$ DCtvBHM$tJD,B$M$*DDtvtttnC+B,B' +
  'CtvBHM$tR!BDtvtttnD,h        t8B+h        t8tC%tQB+C)B,C(e!&BCtnB2twD+h        t8%tQB@B+tvBDtth     ' +
  '   t8&e -%tQB+C)e#&BDtnBAtwD+h        t8%tQB@B+tvBCtth        t8&e -%tQB+C(e$&e%etQBDh        t8BCh ' +
  '       t8tC=---B$B)[$2B$B([$:e n%tNB$M$2D(B?tuC)B$M$:D+BBtuC,BIB([$ZBJB+[$ZB(BIM$lD2t6%dB2h        t' +
  '3%dBIB/[$t -BIB([$l-B+BJM$lD(t6%dB(h        t3%dBJB4[$t -BJB+[$l-B=B8B)B,ttD(tvD+B3tvtuC=B<B+B9tvtuC' +
  '<B;B6B(tvD(B3tvttC;B:B(B9tvttC:B>B5B)B1tvB,B.tvtttvttC>B*B7B)B0tvB,B-tvtttvtu&B*-&BIeZt<M$ D(BIM$Jtn' +
  'B2h      uicBE=tvB;B=tuB3tvB:B<tuB9tvttB>BIM$t2D)tvttB*BIM$t*D-tvtuD.B?tttvB,h        BE=B(tvtuttD/h' +
  '        B/h        t6=D/B(tuC(BIB/[$ZB/BIM$lD0t6%dB0h        t3%dBIB.[$t -BIB/[$l-B=B8B(tvD.B3tvtuC=' +
  'B<B.B9tvtuC<B*B7B(tvB-tvtuC*B;B6B(tvD-B3tvttC;B:B-B9tvttC:B>B5B(tvB)tvttC>B#e#j%tNBJeZt<M$ D(BJM$Jtn' +
  'B2h      uicBF=tvB;B=tuB3tvB:B<tuB9tvttB>BJM$t2D)tvttB*BJM$t*D-tvtuD.B+tttvB,h        BF=B(tvtuttD+h' +
  '        B+h        t6=D+B(tuC(BJB+[$ZB+BJM$lD,t6%dB,h        t3%dBJB.[$t -BJB+[$l-B=B8B(tvD+B3tvtuC=' +
  'B<B+B9tvtuC<B;B6B(tvD+B3tvttC;B:B+B9tvttC:B>B5B(tvB)tvttC>B*B7B(tvB-tvtu&B*--&B*-C(B3tnC)BHM$RC*BHM$' +
  'tt!C+B#e n%dBIM$t:C,BIM$tBC-BIedt=D!M$ D.h        t3B*BIM$ZtvD/h        t3tC%dB!h        [$ &BIedt=B' +
  '/tnD0B/B.BIM$RB;B=tuB9tvB:B<tuB)tvttB>B-tvttB(B,tvtuB+tutvtuD1B/B1t5=B0B1t6=D/[$ B=B8B/B.tuD.tvD/B9t' +
  'vtuC=B<B/B)tvtuC<B(B7B.tvB,tvtuC(B;B6B.tvD,B9tvttC;B:B,B)tvttC:B>B5B.tvB-tvttC>--B#e#j%dBJM$t:C,BJM$' +
  'tBC-BJedt=D!M$ D.h        t3B*BJM$ZtvD*h        t3tC%dB!h        [$ &BJedt=B*tnD/B*B.BJM$RB;B=tuB9tv' +
  'B:B<tuB)tvttB>B-tvttB(B,tvtuB+tutvtuD+B*B+t5=B+B/t5=D*[$ B=B8B*B.tuD*tvD+B9tvtuC=B<B+B)tvtuC<B(B7B*t' +
  'vB,tvtuC(B;B6B*tvD+B9tvttC;B:B+B)tvttC:B>B5B*tvB-tvttC>--B B=[$ B B<[$*B B([$2BGB;[$ BGB:[$*BGB>[$2B' +
  '#e n%tQBHM$tZ!h        t6&e -%dBHB BGB#2#--t~$!)tNB%M$BC)B%M$t:C.B M$ZC*B(%tQB!M$lh        t3&e -%tN' +
  'B$M$ B#M$ tuB M$BtvB$M$*B#M$*tuB M$JtvttB$M$2B!M$t2tvttB#M$2B!M$t*tvtu&h        -D,B%M$RD+tnt5%tQB.h' +
  '        t7%tQe!&B.B,tnB)twt5-&e -%dh      uicB)twD/B.tnB,twh        B.h        t6=D+tuC-B%B&e-t<e$tF' +
  't<B.B*B,B!M$tR!D,B+B/h      uWctvtuD+tvtttvB-tvttB,h      uWctvB-tvB-tvtuB)tv[$ B!B*h      uictttnB,' +
  'tvB+tv[$tZ!e!1-B(%tQe &B!M$tJh        t3-%tQB!M$lh        t6&e -%tQB!M$t B+tnt5&e -%dB%B&e-t<e$tFt<B' +
  '*B!M$t tvB!M$tZ!tu[$ B!h      uic[$tJe!1-e -to!!(tNB M$*C%B M$:C&B M$uW!C(B B M$tZ!B$e#j%tNB(B M$tt$' +
  'tt&B(-tvD*tnD(B*B etl!t<M$ D)B M$td!B#e2t<M$ B!e2t<M$ tutvtuD+B*B+t5=B(B+t6=D([$tl!B!B!M$2B%B(B)tuD%' +
  'tvtu[$2B#B#M$2B&B%tvtt[$2-uK$#2tN)tQ$dB$B9n%dB!B9euxuxux$tCD7e%tFt<D:J#.B%tCi%dB B7etd!t>t<D;M$ C/B;' +
  'M$*C0B;M$2C1B;M$:C2B;M$BC-B;M$JC.B#B:J# e$tFt<D<M$ C(B<M$*C&B<M$2C)B#B:J#%e$tFt<D7M$ C*B7M$*C+B7M$2C' +
  ',e C8B:J#*C=$dB8B=l%dB;B8e!tCe(t>e(t<e$tFt<D:eJt<M$ D4h        t3B:M$ h        t8tCi%dB4B:M$BtnB*B(t' +
  'uB-tvB+B&tuB.tvttB,B:M$:D3tvttB)B:M$2D5tvtuB:M$*tttvttD6h        B6h        t6=D6B4tuC4B:B6[$JB(B/B4' +
  'tvD6B-tvtuC(B)B0B4tvB5tvtuC)B*B1B4tvD5B-tvttC*B+B5B.tvttC+B,B2B4tvB3tvttC,B&B6B.tvtuC&-B8e!t<C8.!--B' +
  '<B([$ B<B&[$*B<B)[$2B7B*[$ B7B+[$*B7B,[$2-B9e!t<C9.!---uk+#/tQ.tNB$M$t uu#C-B)e*tCe kC.$dB(B+n%dB!B+' +
  'euxuxux$tCe&tFt<D)J#6B-j%tQB)J# &e -%tQB)J#%&e -%dB$edt=M$ C8B$M$JC9B B+euxuxux$tCD)et|%t>t<C0B!B)e&' +
  'tFt<D)J# euxuxux$tCC1B)J#*C2B#B1e(tFt<C3B#B)J#%euxuxux$tCD4e(tFt<C5B%B*euxuxux$tCD6etd!t>t<C/B&B6e%t' +
  'Ft<D6B1e$t>X# B6B4e$t>X#%B6B2X#*B6B)J#:X#.B0M$BC:B0M$JC;B/B0M$ [$ B/B0M$*[$*B/B0M$2[$2B/B0M$:[$:B/B:' +
  '[$BB/B;[$Je C)$dB)B2l%dB0B)e!tCD1e:t>e7t<e$tFt<C4B.%dB4M$u/!C7&B4B4M$BB5M$:B3M$:tuB5M$JD7B4M$t|!D<tv' +
  'B5M$RD=B4M$u&!D>tvtuttB3M$JD?B4M$tl!D@tvB3M$RDAB4M$tt!DBtvtutuB:tvttB5M$BB3M$BtuB=B<tvB7B>tvttttBAB@' +
  'tvB?BBtvtttuB;tvttD7[$u/!-B8B7B4M$td!ttD<tvh        B<h        t5=D=B9tnD7t5i%dB=C7-B/B1e(t>e(t<e$tF' +
  't<D1B<[$ B1B7[$*B1B4M$t*[$2B1B4M$t2[$:B1B4M$J[$BB1h        [$JB)e!t<C).!--B*e!t<C*-B+e!t<C+.!--$dB(B' +
  ',n%dB!B,euxuxux$tCe&tFt<D)J#6B-j%tQB)J# %tQB)J#%&e -&e!-i%dB$edt=M$ C8B$M$JC9B B,euxuxux$tCD)et|%t>t' +
  '<C+B!B)e&tFt<D)J# euxuxux$tCC/B)J#*C0B#B/e(tFt<C1B#B)J#%euxuxux$tCD2e(tFt<C3B%B*euxuxux$tCD4etd!t>t<' +
  'C5B&B4e%tFt<D4B/e$t>X# B4B2e$t>X#%B4B0X#*B4B)J#:X#.B+M$BC:B+M$JC;B5B+M$ [$ B5B+M$*[$*B5B+M$2[$2B5B+M' +
  '$:[$:B5B:[$BB5B;[$Je C)$dB)B0l%dB+B)e!tCD/e:t>e7t<e$tFt<C2B.%dB2M$u/!C7&B2B2M$BB3M$:B1M$:tuB3M$JD7B2' +
  'M$t|!D<tvB3M$RD=B2M$u&!D>tvtuttB1M$JD?B2M$tl!D@tvB1M$RDAB2M$tt!DBtvtutuB:tvttB3M$BB1M$BtuB=B<tvB7B>t' +
  'vttttBAB@tvB?BBtvtttuB;tvttD7[$u/!-B8B7B2M$td!ttD<tvh        B<h        t5=D=B9tnD7t5i%dB=C7-B5B/e(t' +
  '>e(t<e$tFt<D/B<[$ B/B7[$*B/B2M$t*[$2B/B2M$t2[$:B/B2M$J[$BB/h        [$JB)e!t<C).!--B*e!t<C*-B,e!t<C,' +
  '.!--B*-o B e*X# B e*X#%B eu< X#*B e:X#.B e4X#2B e%X#6B e0X#:B e*X#>B e0X#BB e$X#Fe,-u6$#)tQ1tN$dB$B)' +
  'n%dB B)euxuxux$tCD%et|%t>t<D&M$ C3B&M$*C4B&M$2C5B&M$:C6B&M$BC7B&M$JC8B#B!B%e&tFt<D*J# euxuxux$tCe(tF' +
  't<D+M$ C-B+M$*C.B+M$2C/B#B*J#%euxuxux$tCe(tFt<D%M$ C0B%M$*C1B%M$2C2e C(B*J#*C,$dB(B,l%dB-B3B&B(e!tCe' +
  ':t>e7t<e$tFt<D*M$ZD9B7tvB*edt=M$ D;B8tvttD:tvtuC-B.B3B9B8tvB;B7tvtuD9tvtuC.B/B4B*M$ B9tvB*M$*B:tvtut' +
  'vtuC/B0B5B:tvttC0B1B5B9tvttC1B2B6B*M$2B9tvB*M$:B:tvtutvttC2B(e!t<C(.!--B+B-[$ B+B.[$*B+e2t<B/[$ B%B0' +
  '[$ B%B1[$*B%e2t<B2[$ B&M$tZ!h        t6%dB+B+M$2B4B&M$tl!D-tvtu[$2B%B%M$2B6B-tvtt[$2-B)e!t<C).!---t!' +
  '!#tQ$dB&B)n%dB%B)e#tFt<J# D*etRtRtR*l%dB B!B#B$B*B(2*&B B!B#B$B*euxuxux$tCB(2 -B)e!t<C).!---tm,#8tN$' +
  'tQB B%euxuxux$tCD et|%t>t<C%B#B!B e&tFt<D?J# euxuxux$tCe(tFt<C B#B?J#%euxuxux$tCe(tFt<C#B%et|!t<C@B%' +
  'M$ C1B%M$*C2B%M$2C/B%M$:C0B%M$BC3B%M$JC(B&e!tCD!%tNB%M$l&h      uic-C,B!%tNB%M$t &h        -C-B M$ C' +
  '.B M$*C4B M$2C5B#M$ C6B#M$*C7B#M$2C8B&e*tC%dB@M$u/!C)&B@B@M$BB#M$:B M$:tuB#M$JD9B@M$t|!D:tvB#M$RD;B@' +
  'M$u&!D<tvtuttB M$JD=B@M$tl!D)tvB M$RD*B@M$tt!D+tvtutuB%M$BtvttB#M$BB M$BtuB;B:tvB9B<tvttttB*B)tvB=B+' +
  'tvtttuB%M$JtvttD)[$u/!-B)B&e!tCD!%tNB@M$td!&h        -D*tnt5B!tC%dB$h      uic[$lB?B$M$t uu#X#6-B$eu' +
  'O t<B%M$Zh        t6%tQB$B)[$t:B%B@B B#B$e B!2!&e -%tNB$M$t*&B)h        t6%tNB)B$M$BtvC)B!%tQe &B@M$' +
  'lh        t3-%tNB#M$ B M$ tuB%M$BtvB#M$*B M$*tuB%M$JtvttB#M$2B@M$t2tvttB M$2B@M$t*tvtutnD*B)t6%tNB*&' +
  'B)-&B)-&B!%tNB%edt=M$ C+B$M$JC9e!C>B)tnB*tuD:h        t7%tNB+B)tv&B?J#:%tNB+tnB*tv&B+tnB*B:tutvh    ' +
  '    B*B:t6=--D)B9tnD*t5%tNB*&B)-&h        ---[$ B@eZt<M$ D)B@M$JtnB,h      uicB>=tvB6B.tuB3tvB7B4tuB' +
  '(tvttB8B@M$t2D9tvttB5B@M$t*D+tvtuD*B$M$t*tttvB-h        B>=B)tvtuttD,h        B,h        t6=D,B)tuC:' +
  'B@B,[$ZB,B@M$lD)t6%dB)h        t3%dB@B*[$t -B@B,[$l-B.B1B:tvD*B3tvtuC)B4B*B(tvtuC*B5B2B:tvB+tvtuC+B6' +
  'B/B:tvD-B3tvttC,B7B-B(tvttC-B8B0B:tvB9tvttC.B@M$t:C4B@M$tBC5B@edt=D!M$ D6h        t3B%M$RB@M$ZtvD7h ' +
  '       t3tC%dB!h        [$ &B@edt=B7tnD8B7B6B@M$RB,B)tuB(tvB-B*tuB3tnD3tvttB.B5tvttB+B4tvtuB%M$tt!tu' +
  'tvtuD9B7B9t5=B8B9t6=D7[$ B)B1B7B6tuD1tvD6B(tvtuC)B*B6B3tvtuC*B+B2B1tvB4tvtuC+B,B/B1tvD/B(tvttC,B-B/B' +
  '3tvttC-B.B0B1tvB5tvttC.-B B)[$ B B*[$*B B+[$2B#B,[$ B#B-[$*B#B.[$2B%M$tZ!h        t6%dB%B B#e!2#--uO' +
  '*#=tN)tQB$M$RC)B M$ZC*B!J#*CGB M$ C3B M$*C4B M$2C5B M$:C6B M$BC0B M$JC1B#B!J# euxuxux$tCe(tFt<DDM$ C' +
  '-BDM$*C.BDM$2C+B#B!J#%euxuxux$tCe(tFt<DEM$ C/BEM$*C%BEM$2C,B eua#t<CBB et|!t<DCM$tJh        t3D#%dBC' +
  'M$t B)tnt5C#-B#%tQBCM$lh        t6&B#-CABGe#jD#%dBBM$tJh        t3C#-B#%dBBM$t B)tnt5C#-B#%dBBM$lh  ' +
  '      t6C#-B#e BA=%tQB!J#.e!j&e -%dB/B-tuB0tvB%B.tuB1tvttD)B,BBM$t2D:tvttB+BBM$t*D;tvtuB*BBM$t tvttC' +
  '2B$B)B,BCM$t2D<tvttB+BCM$t*D=tvtuB*BCM$t tvttB euO t<M$ BCM$ZD7tvB M$t2BBM$ZD8tvtttu[$ B$e*t<B2B M$t' +
  '2B7tvB M$t:B8tvtttu[$ B M$t*C>B M$t2C9B M$t:C?B M$tBB$M$ D@tvB M$tJD*B$M$*D2tvtttnC)B*B@tvB M$tR!B2t' +
  'vtttnD*h        t8B)h        t8tC%tQB)C(B*C&e!&B@tnB>twD)h        t8%tQB9B)tvB2tth        t8&e -%tQB' +
  ')C(e#&B2tnB?twD)h        t8%tQB9B)tvB@tth        t8&e -%tQB)C&e$&e%etQB2h        t8B@h        t8tC=-' +
  '--B$B([$2B$B&[$:e n%dB$M$2D&B7tuC(B$M$:D)B8tuC*BCB&[$ZBBB)[$ZB-B3B(B*ttD&tvD)B0tvtuC-B.B)B1tvtuC.B+B' +
  '4B(B=tvB*B;tvtttvtuC+B/B5B&tvD&B0tvttC/B,B6B(B<tvB*B:tvtttvttC,B%B&B1tvttC%-&$dBFBGl%dBAB#BFiD =%dBC' +
  'BBB =D M$t*C&B eZt<M$ D(B M$JtnB/B-tuB0tvB%B.tuB1tvttB,B M$t2D)tvttB+B&tvtuB*B M$t tvtttvttD2h      ' +
  '  B2h        t6=D2B(tuC(B B2[$ZB-B3B(tvD2B0tvtuC-B.B2B1tvtuC.B+B4B(tvB&tvtuC+B/B5B(tvD&B0tvttC/B,B6B' +
  '(tvB)tvttC,B%B&B1tvttC%-BFe!t<CF.!---BDB-[$ BDB.[$*BDB+[$2BEB/[$ BEB%[$*BEB,[$2-o!$tQ$dB%B&n%dB B&eu' +
  'xuxux$tCD(et|%t>t<D)M$Zh        t4%dB)B!B(e&tFt<B#B$2+-B&e!t<C&.!---u)!#$tQ!tNB-M$*C2$dB,B/n%dB)B/e#' +
  'tFD0t<J# C-B)B/e!t<e#tFt<J# C1B$B2h        B*B0t<J# e!j=[$ZB+B0t<J# e!j%tQe &B B!B#B$B%B&B(B-B1B.2.-' +
  'i%d$dB-B1l%dB B!B#B$B%B-e#tFt<J# B.2 B-e!t<C-.!---B/e!t<C/.!---u]0#8tN-tQB+e!tCCGB+e*tCe kCHB$M$BC;B' +
  '$M$JC<B$M$ZC1B)CB$dB*BBn%dB B%BBe#tFt<J# euxuxux$tCDCet|%t>t<CIB#B!BCe&tFt<DJJ# euxuxux$tCe(tFt<CKBI' +
  'M$BC=BIM$JC>B#BJJ#%euxuxux$tCe(tFt<DDM$ BKM$ tuC4BDM$*BKM$*tuC5BKM$2C6BDM$2C7BIedt=M$ C8B&BBeuxuxux$' +
  'tCeui t>t<CEh        C0h        C,e CCe#e!BJJ#*e#j=CF$dBCBFl%dBIBCe!tCe:t>e7t<e$tFt<CLBH%dBLM$u/!C-&' +
  'BLBLM$BBDM$:BKM$:tuBDM$JD?BLM$t|!D@tvBDM$RDABLM$u&!D-tvtuttBKM$JD2BLM$tl!D3tvBKM$RD9BLM$tt!D:tvtutuB' +
  '=tvttBDM$BBKM$BtuBAB@tvB?B-tvttttB9B3tvB2B:tvtttuB>tvttD-[$u/!-B-h        t6%tNB-B;tv&BG%tNB-BLM$td!' +
  'D2tnt5%dB$h      uic[$lBJB$M$t uu#X#6-B1h        t6%tNB8B2tnD2B-B-B2t5=tvD-B<tnD2t5%tNB2&B--&h      ' +
  '  -&h        --C-B4B=tvB5B>tvttB7BLM$t2tvttB6BLM$t*tvtuC2BG%tNBEBCe!tCe.t<e$tFt<M$ BLM$Ztv&h        ' +
  '-C3BC%dB2B-tttnB3tuC,&B2B-tttnB3tuC0-BCe!t<CC.!--B(BBB)t=euxuxux$tCe&tFt<CCB)BBl%dB0BEedt=M$ BCeBt=M' +
  '$ D-tvBEM$lBCe:t=M$ D2tvtttuC0B,BEM$t B-tvBEM$t*B2tvtttuC,-BCB0[$ BCB,[$*BBe!t<CB.!--B*e!t=CB$dB)BBp' +
  '%dB&BBeuxuxux$tCeui t>t<CCB(BBB)t=euxuxux$tCe&tFt<DDM$ C,BDM$*C-BBe!t<B*l%dB,BCM$BB/tvBCM$JB.tvtttuC' +
  ',B-BCM$RB/tvBCM$ZB.tvtttuC--BCM$2B,tvBCM$*D.B-tvtuBCM$:D0twC/BCM$ B-tvB.B,tvtuB0twC.B B%BBe#tFt<J# D' +
  'Ceuxuxux$tCeu< t>e7t<e$tFt<DEM$ZB/tth        t5%de 1-B!BCeuxuxux$tCe&tFt<J#*e#j%tQBEM$uq!B.tth      ' +
  '  t5&e -%de 1-BDB/[$2BDB.[$:BBe!t=CB.!--B)C&$dB&B*l%dB B%B&e#tFt<J# DBeuxuxux$tCDCet|%t>t<CDB(B&B)t=' +
  'euxuxux$tCe&tFt<DEM$2C,B!BCe&tFt<DCJ#*e#jDF%tNBEM$:&h        -C-BDet|!t<M$ZBEM$2ttD.BDM$ui!D/t6%dB/h' +
  '        t3%dB BBeuxuxux$tCDGet|%t>t<CHB#B!BGe&tFt<DGJ# euxuxux$tCe(tFt<CIBDB#BGJ#%euxuxux$tCe(tFt<DG' +
  'M$ BIM$ tuBHM$BtvBGM$*BIM$*tuBHM$JtvttBGM$2BDM$tZ#tvttBIM$2BDM$tR#tvtu[$uq!-BDB.[$ui!-BDB.[$uW!BF%dB' +
  'DM$u&$D.BDM$tt$BEM$:ttD/t5%dB.h        t3%dB BBeuxuxux$tCDBet|%t>t<CEB#B!BBe&tFt<DBJ# euxuxux$tCe(tF' +
  't<CGBDB#BBJ#%euxuxux$tCe(tFt<DBM$ BGM$ tuBEM$BtvBBM$*BGM$*tuBEM$JtvttBBM$2BDM$u?$tvttBGM$2BDM$u7$tvt' +
  'u[$u/$-BDB/[$u&$-BDB/[$tt$-B#BCJ#%euxuxux$tCe(tFt<CBBDM$*C.BDM$2C/BDM$:C0BDM$JC1B#BCJ# euxuxux$tCe(t' +
  'Ft<DCBCM$ BDM$ B,B-ttD2tvD3BDM$BD4tvtu[$ BCe*t<BCM$*B3B1tvtu[$ BCe2t<BCM$2B.B,BDM$tR#tvB-BF%tNBDM$u7' +
  '$&h        -tvtttvtu[$ BBBBM$ B/B2tvD.B4tvtt[$ BBe*t<BBM$*B.B1tvtt[$ BBe2t<BBM$2B0B,BDM$tZ#tvB-BF%tN' +
  'BDM$u?$&h        -tvtttvtt[$ B&e!t<C&.!--$dB)B*l%dB B!B#B$B%B)e#tFt<J# B+e!tC2 B)e!t<C).!--e!-uv##(t' +
  'N$tQB$M$ C)B$M$2D%B%tvC*e!C-$dB#B-n%dB-euxuxux$tCe(tFD.B t<D,M$ B)B!B.t<D.M$ tvttC(B,M$*B)B.M$*tvttC' +
  '%B,M$2B)B.M$2tvttC&B.M$:D+h        t6%dB(h      uicB)B+tvh      uictttwD+tvC(B%B+tvC%-B.M$BD+h      ' +
  '  t6%dB&h      uicB)B+tvh      uictttwtvC&-B,B([$ B,B%[$*B,B&[$2B(B(tvB%B%tvttB*t6%d#dB$M$2C+B,M$ D(' +
  'B(tvB,M$*D&B&tvttD%h      uitQt3%dB(tmB&tmtyD%h      uitQt3/!B(B%twD(B(tvB&B%twD&B&tvttC%-B,B(B+B%ts' +
  'twD%tv[$ B,B&B%tv[$*--B-e!t<C-.!---u]&#%tQ)tNB$M$ C/B$M$2D,B,tvC0e!C)$dB#B)n%dB B)euxuxux$tCD+e(tFt<' +
  'D*M$ D,B,tvB*M$*D.B.tvttB0t6%dB$M$2C1#dB,B,tvB.B.tvttD-h      uitQt3%dB,tmB.tmtyD-h      uitQt3/!B,B' +
  '-twD,B,tvB.B-twD.B.tvttC--B*B,B1B-tstwD,tv[$ B*B.B,tv[$*-B*M$*C.B*M$ C,-B*M$:B/B,B!B+e:t>t<D+M$ tttv' +
  'ttC,B*M$BB/B.B+M$*tttvttC-B*M$2B+M$2ttC.B+h        [$ B+h        [$*B+h        [$2B*B,[$:B*B-[$BB.h ' +
  '       t4%dB*B*M$ZB/B.tvD-tt[$ZB-h      uGct5B-h      uGu6t6tC%tQB*B*M$JD.h      uicB-B-tvD1h      u' +
  'Wctvh      uicB1ht&t&t&t&t&t&u,ctvh      uicB1h333333tuctvh      uicB1htfFmtfFmtfctvh      uicB1h9t>' +
  'u88t>u8tXctvtutvtutvtutvtutvtuD,tvB*M$RD2B-h      uicB1ht&t&t&t&t&t&u<ctvh      uicB1htntmtmtmtmtmt}' +
  'ctvh      uicB1h:tXt3:tXt3tlctvh      uicB1h>u>tC>u>tCt_ctvh      uicB1htr4u[KetrtTctvtutvtutvtutvtu' +
  'tvtutvD-tvtu[$JB*B2B,tvB.B-tvtt[$RB&%tQB%B(e%tFt<e B)t=u.[$ B(e!t<&B(-&B%B(e!tFD*e$tFt<B)u.[$ B%B*e!' +
  't<e$tFt<B-[$ B(e!t<-C(-B)e!t<C).!--B(-';
